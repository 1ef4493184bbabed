import { rankPassages } from '../../drives/semantic/passages';
import type { DriveService } from '../../drives/types';
import type { ToolContext } from '../types';
import type { DrivePassage } from './drivePassage';

/**
 * The librarian looks in the workspace's own files before the whole world's
 * drives (issue 20): the files people attached to a conversation are the ones
 * it is about. Each attached file's best passage for the question is ranked
 * directly (no index round trip, so a file just attached counts as soon as its
 * text is extracted); passages that answer too weakly do not count, and the
 * tool then falls back to every drive.
 */

/** Attached files weighed per question; more are rare, and each costs a passage ranking. */
const MAX_FILES = 20;
/** A passage scoring below this (0..1) does not answer the question. */
export const WORKSPACE_THRESHOLD = 0.3;
const TOP = 3;

export async function workspacePassages(
  drives: DriveService,
  query: string,
  ctx: ToolContext,
  tidy: (text: string) => string,
): Promise<{ attached: number; passages: DrivePassage[] }> {
  const attached = (await drives.workspaceFiles?.(ctx.workspaceId)) ?? [];
  const passages: DrivePassage[] = [];
  for (const { drive, file } of attached.slice(0, MAX_FILES)) {
    ctx.signal.throwIfAborted();
    const text = await drives.textOf(drive, file.path);
    if (!text?.trim()) continue;
    const [best] = await rankPassages(text, query, 1).catch(() => []);
    if (!best || best.score < WORKSPACE_THRESHOLD) continue;
    passages.push({
      drive: drive.name,
      path: file.path,
      score: Math.round(best.score * 100) / 100,
      text: tidy(best.text),
      ...(best.heading ? { heading: best.heading } : {}),
      semanticScore: Math.round(best.score * 100) / 100,
    });
  }
  return {
    attached: attached.length,
    passages: passages.sort((a, b) => b.score - a.score).slice(0, TOP),
  };
}
