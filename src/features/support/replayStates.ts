import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { ReplayLog } from './parseActionLog';

export interface ReplayTimeline {
  /** states[0] is the starting state; states[i + 1] follows entry i. */
  states: unknown[];
  /** Entries the reducers refused (threw on): index → message; their state is the one before. */
  failures: Map<number, string>;
}

/**
 * Runs the recorded actions through the app's own reducers, with nothing
 * else: no middleware, so no socket, request, saga or listener runs.
 */
export function computeStates(log: ReplayLog, reducer: Reducer): ReplayTimeline {
  const failures = new Map<number, string>();
  const init = { type: '@@emgen/replayInit' } as UnknownAction;
  let state: unknown = reducer((log.initialState ?? undefined) as never, init);
  const states: unknown[] = [state];
  log.entries.forEach((entry, i) => {
    try {
      state = reducer(state as never, entry.action);
    } catch (err) {
      failures.set(i, err instanceof Error ? err.message : String(err));
    }
    states.push(state);
  });
  return { states, failures };
}

/** The route shown at a position: the last one visited up to it, else where the log starts. */
export function routeAt(log: ReplayLog, position: number): string {
  let first: string | undefined;
  let current: string | undefined;
  log.entries.forEach((entry, i) => {
    if (entry.action.type !== 'router/routeVisited') return;
    const p = entry.action.payload as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof p?.pathname !== 'string') return;
    const route = `${p.pathname}${typeof p.search === 'string' ? p.search : ''}${typeof p.hash === 'string' ? p.hash : ''}`;
    first ??= route;
    if (i < position) current = route;
  });
  return current ?? first ?? '/';
}
