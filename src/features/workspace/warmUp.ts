import { relativeTime } from './messageTime';
import type { RootState } from '../../store/store';
import { selectHasMessages, selectWorkspaceId, selectWorkspaceLoaded } from './workspaceSelectors';

const HOUR_MS = 3_600_000;

/**
 * What the first screen of a workspace would otherwise pay for in the middle
 * of rendering its rows: the first "3 h ago" of a language, its plural rules
 * and the translations' first lookups. Made here once, while the page waits
 * for its socket and its history. No date formatter is made: the first one of
 * a page loads its language's date data (12–15 ms in Chromium), which rows of
 * recent messages never need (their full date is written on hover): a page
 * that shows no date does not pay for one.
 */
export function warmUpWorkspacePage(now = Date.now()): void {
  const iso = (ms: number) => new Date(now - ms).toISOString();
  // Each form a recent row's time takes: minutes, hours, days.
  for (const ago of [5 * 60_000, 3 * HOUR_MS, 2 * 24 * HOUR_MS]) relativeTime(iso(ago), now);
}

/**
 * A page that loads never idles for long (React builds it in slices): past this the work runs
 * anyway.
 */
const IDLE_DEADLINE_MS = 50;

/** Runs `work` when the browser is idle, or after a short while at the latest (soon, where there is no requestIdleCallback). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(() => work(), { timeout: IDLE_DEADLINE_MS });
  else setTimeout(work, 0);
}

/**
 * Whether the markdown warm-up is still worth its time for the workspace being opened: not once
 * its history is in and empty. The warm-up is for a first screen of rows; in an empty workspace
 * the first row (the user's own question) pays for the parser's first use itself, once.
 */
export function markdownWarmUpWanted(state: unknown, workspaceId: string | null): boolean {
  // Before the signed-in code is in, the store has no workspace yet.
  if (!(state as Partial<RootState> | undefined)?.workspace) return true;
  const s = state as RootState;
  if (!selectWorkspaceLoaded(s) || selectWorkspaceId(s) !== workspaceId) return true;
  return selectHasMessages(s);
}
