import { ToolError } from '../types';
import type { AnswerRequest, ExpertReporter, ToolResult } from '../types';
import type { ExpertDomain } from './domains';
import type { Intent, ToolTask } from './intent';

/** One expert's turn: what it was asked, how it reports, and in which specialty it answers. */
export interface Turn {
  request: AnswerRequest;
  report: ExpertReporter;
  intent: Intent;
  domain: ExpertDomain;
}

export type Outcome = { ok: true; result: ToolResult } | { ok: false; error: string };

export function hasTool(turn: Turn, name: string): boolean {
  return turn.request.tools.some((t) => t.name === name);
}

/**
 * Calls a tool through the reporter (which emits the tool frames and the
 * trace). A ToolError becomes a 'working-with-errors' progress and an
 * outcome the answer explains; anything else propagates.
 */
export async function callTool(turn: Turn, task: ToolTask): Promise<Outcome> {
  turn.request.signal.throwIfAborted();
  try {
    const result = await turn.report.useTool(task.tool, task.args);
    return { ok: true, result };
  } catch (err) {
    if (!(err instanceof ToolError)) throw err;
    turn.report.progress('working-with-errors', err.message);
    return { ok: false, error: err.message };
  }
}

/** The structured value a tool returned, as a plain record. */
export function valueOf(result: ToolResult): Record<string, unknown> {
  const v = result.value;
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}
