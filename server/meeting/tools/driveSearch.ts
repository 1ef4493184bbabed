import type { SearchKind } from '../../../protocol';
import { worldFileViewerUrl } from '../../../protocol/paths';
import { describeTool } from './providers';
import { rankPassages } from '../../drives/semantic/passages';
import type { DriveRow, DriveService, SearchHit } from '../../drives/types';
import { ToolError } from '../types';
import type { Tool, ToolContext, ToolResult } from '../types';
import { escapeHtml } from './webSearch';
import { workspacePassages } from './workspaceScope';
import type { DrivePassage } from './drivePassage';

/**
 * The documents provider's drive_search: searches every drive of the
 * meeting's world by meaning (semantic) and by words (full text), merges the
 * two, and quotes the passage of each of the best three files that answers
 * the question best, with its path and score.
 */

const TOP = 3;
/** Candidates fetched per drive and kind. */
const PER_DRIVE = 6;
const SEMANTIC_THRESHOLD = 0.25;
/** Files whose passages are weighed before the best TOP are kept. */
const CANDIDATES = 6;
const PASSAGE_CHARS = 600;

export type { DrivePassage };

export interface Candidate {
  drive: DriveRow;
  hit: SearchHit;
  semantic?: number;
  text?: number;
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
const round = (n: number) => Math.round(n * 100) / 100;

export function combined(c: Candidate): number {
  const best = Math.max(c.semantic ?? 0, (c.text ?? 0) * 0.9);
  return Math.min(1, best + (c.semantic !== undefined && c.text !== undefined ? 0.1 : 0));
}

export function passagesHtml(worldId: string, passages: DrivePassage[]): string {
  const items = passages.map(
    (p) =>
      `<li><p><a href="${escapeHtml(worldFileViewerUrl(worldId, p.drive, p.path))}">` +
      `${escapeHtml(p.drive)}/${escapeHtml(p.path.replace(/^\/+/, ''))}</a>` +
      `${p.heading ? ` › ${escapeHtml(p.heading)}` : ''} ` +
      `<small>score ${p.score.toFixed(2)}</small></p>` +
      `<blockquote>${escapeHtml(p.text).replace(/\n/g, '<br>')}</blockquote></li>`,
  );
  return `<ol>${items.join('')}</ol>`;
}

export async function searchDrives(
  drives: DriveService,
  rows: DriveRow[],
  query: string,
  ctx: ToolContext,
): Promise<{ candidates: Candidate[]; errors: string[] }> {
  const byFile = new Map<string, Candidate>();
  const errors: string[] = [];
  const kinds: SearchKind[] = ['semantic', 'text'];
  for (const kind of kinds) {
    for (const drive of rows) {
      ctx.signal.throwIfAborted();
      try {
        const outcome = await drives.search(drive, kind, {
          query,
          offset: 0,
          limit: PER_DRIVE,
          ...(kind === 'semantic' ? { threshold: SEMANTIC_THRESHOLD } : {}),
        });
        for (const hit of outcome.hits) {
          const key = `${drive.id}\u0000${hit.file.Path}`;
          const c = byFile.get(key) ?? { drive, hit };
          c[kind === 'semantic' ? 'semantic' : 'text'] = hit.score ?? 0;
          if (!c.hit.snippet && hit.snippet) c.hit = hit;
          byFile.set(key, c);
        }
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        errors.push(`${kind} search of ${drive.name}: ${(err as Error).message}`);
      }
    }
  }
  return { candidates: [...byFile.values()], errors };
}

/** Passage text as quoted: indentation kept, inner spaces collapsed, blank lines dropped. */
const tidy = (s: string) =>
  clip(
    s
      .split('\n')
      .map((l) => {
        const indent = /^[ \t]*/.exec(l)![0].replace(/\t/g, '  ');
        return indent + l.trim().replace(/[ \t]+/g, ' ');
      })
      .filter((l) => l.trim())
      .join('\n'),
    PASSAGE_CHARS,
  );

/** The best passage of a file for the query (by meaning, with its score), else the search snippet. */
async function passageOf(
  drives: DriveService,
  c: Candidate,
  query: string,
): Promise<{ text: string; score?: number; heading?: string }> {
  const text = await drives.textOf(c.drive, c.hit.file.Path);
  if (text?.trim()) {
    const [best] = await rankPassages(text, query, 1).catch(() => []);
    if (best)
      return {
        text: tidy(best.text),
        score: best.score,
        ...(best.heading ? { heading: best.heading } : {}),
      };
  }
  const fallback = c.hit.snippet?.replace(/[«»]/g, '') || c.hit.file.Description || '';
  return { text: tidy(fallback) };
}

/**
 * The best CANDIDATES files by search score, each with its best passage; ranked by
 * the mean of the file's score and its passage's, so a file whose best passage
 * answers the question beats one that only mentions its words here and there.
 */
async function bestPassages(
  drives: DriveService,
  candidates: Candidate[],
  query: string,
  ctx: ToolContext,
): Promise<DrivePassage[]> {
  const shortlist = candidates.sort((a, b) => combined(b) - combined(a)).slice(0, CANDIDATES);
  const passages: DrivePassage[] = [];
  for (const c of shortlist) {
    ctx.signal.throwIfAborted();
    const passage = await passageOf(drives, c, query);
    if (!passage.text) continue;
    const fileScore = combined(c);
    passages.push({
      drive: c.drive.name,
      path: c.hit.file.Path,
      score: round(passage.score === undefined ? fileScore : (fileScore + passage.score) / 2),
      text: passage.text,
      ...(passage.heading ? { heading: passage.heading } : {}),
      ...(c.semantic !== undefined ? { semanticScore: round(c.semantic) } : {}),
      ...(c.text !== undefined ? { textScore: round(c.text) } : {}),
    });
  }
  return passages.sort((a, b) => b.score - a.score).slice(0, TOP);
}

/** Where the passages were found: the workspace's own files, or every drive of the world. */
export type SearchScope = 'workspace' | 'world';

function listing(passages: DrivePassage[]): string {
  return passages
    .map(
      (p, i) =>
        `${i + 1}. ${p.drive}/${p.path.replace(/^\/+/, '')}${p.heading ? ` › ${p.heading}` : ''} (score ${p.score.toFixed(2)}):\n   "${flat(p.text)}"`,
    )
    .join('\n');
}

/** What the tool says first: where it looked (the model and the offline librarian both repeat it). */
function scopeLine(scope: SearchScope, attached: number): string {
  if (scope === 'workspace') return "In this workspace's files:\n";
  return attached > 0
    ? "Nothing in this workspace's files answers this; in the whole of this world's drives:\n"
    : '';
}

function found(
  ctx: ToolContext,
  query: string,
  passages: DrivePassage[],
  where: { scope: SearchScope; attached: number; errors: string[] },
): ToolResult {
  const { scope, attached, errors } = where;
  return {
    output: scopeLine(scope, attached) + listing(passages),
    value: {
      query,
      passages,
      scope,
      workspaceFiles: attached,
      ...(errors.length ? { errors } : {}),
    },
    researchBox: {
      name: 'drive_search',
      title:
        scope === 'workspace'
          ? `Workspace files for "${clip(query, 80)}"`
          : `Documents for "${clip(query, 80)}"`,
      html: passagesHtml(ctx.worldId, passages),
    },
  };
}

async function run(
  drives: DriveService,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolResult> {
  const query = typeof args.query === 'string' ? flat(args.query).slice(0, 500) : '';
  if (!query) throw new ToolError('A search query is required');
  // The workspace's attached files first; the whole world only when they hold no answer.
  const scoped = await workspacePassages(drives, query, ctx, tidy);
  if (scoped.passages.length > 0)
    return found(ctx, query, scoped.passages, {
      scope: 'workspace',
      attached: scoped.attached,
      errors: [],
    });
  const rows = await drives.drivesOf(ctx.worldId);
  if (rows.length === 0) {
    return { output: 'This world has no drives to search.', value: { query, passages: [] } };
  }
  const { candidates, errors } = await searchDrives(drives, rows, query, ctx);
  if (candidates.length === 0 && errors.length >= rows.length * 2) {
    throw new ToolError(`Drive search failed: ${errors[0]}`);
  }
  const passages = await bestPassages(drives, candidates, query, ctx);
  if (passages.length === 0) {
    const searched = rows.map((r) => r.name).join(', ');
    return {
      output: `No passage in this world's drives (${searched}) matches "${query}".`,
      value: {
        query,
        passages: [],
        scope: 'world',
        workspaceFiles: scoped.attached,
        ...(errors.length ? { errors } : {}),
      },
    };
  }
  return found(ctx, query, passages, { scope: 'world', attached: scoped.attached, errors });
}

export function driveSearchTool(drives: DriveService): Tool {
  return {
    ...describeTool('drive_search'),
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'the question or topic to find passages about' },
      },
      required: ['query'],
    },
    run: (args, ctx) => run(drives, args, ctx),
  };
}
