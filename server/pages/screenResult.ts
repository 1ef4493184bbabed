import {
  flowResultSchema,
  pageResultSchema,
  safeNextPath,
  type FlowResult,
  type PageResult,
} from '../../protocol';
import { describeIssue } from '../../protocol/issues';

export const INVALID_PAGE_SCREEN = 'The page returned an invalid screen';
export const INVALID_FLOW_SCREEN = 'The flow returned an invalid screen';

/** The most state a flow may keep between screens (characters of JSON). */
export const MAX_FLOW_STATE_CHARS = 64 * 1024;

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * A page cog's answer, checked against the protocol (remote apps are
 * untrusted). Without an event the page must return a component.
 */
export function checkPageResult(
  raw: unknown,
  opts: { needsComponent: boolean },
): Checked<PageResult> {
  const parsed = pageResultSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: describeIssue(parsed.error.issues[0]) };
  if (opts.needsComponent && !parsed.data.component)
    return { ok: false, reason: 'component is required' };
  return { ok: true, value: parsed.data };
}

/** A flow cog's answer: a screen and the next state, which must stay small and plain. */
export function checkFlowResult(raw: unknown): Checked<FlowResult> {
  const parsed = flowResultSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: describeIssue(parsed.error.issues[0]) };
  let size: number;
  try {
    size = JSON.stringify(parsed.data.state).length;
  } catch {
    return { ok: false, reason: 'state is not JSON' };
  }
  if (size > MAX_FLOW_STATE_CHARS)
    return { ok: false, reason: `state larger than ${MAX_FLOW_STATE_CHARS} characters` };
  return { ok: true, value: parsed.data };
}

/** `{ redirect_url }` when the cog asked for a same-site path; anything else is dropped. */
export function sameSiteRedirect(url: string | undefined): { redirect_url?: string } {
  const safe = url === undefined ? undefined : safeNextPath(url);
  return safe ? { redirect_url: safe } : {};
}
