import type { UnknownAction } from '@reduxjs/toolkit';
import {
  ACTION_LOG_FORMAT,
  ACTION_LOG_VERSION,
  DEFAULT_CLIENT_VERSION,
} from '../../../protocol/constants';

/** The app version a log is recorded by; replay compares it with its own. */
export const APP_VERSION = DEFAULT_CLIENT_VERSION;

export { ACTION_LOG_FORMAT, ACTION_LOG_VERSION };

/** One recorded action and when it reached the reducers (ms since the epoch). */
export interface LoggedAction {
  at: number;
  action: UnknownAction;
}

/**
 * A session log (version 1). `entries` are the last actions the app saw, in
 * order; `preloadedState` is the state the first entry applied to, or null for
 * the reducers' initial state (the recorder's window always starts at store
 * creation or at a snapshot it took when the window moved). `payload` and
 * `preloadedState` (as JSON strings) are what Redux DevTools' import dialog reads.
 */
export interface ActionLogFile {
  format: typeof ACTION_LOG_FORMAT;
  version: typeof ACTION_LOG_VERSION;
  appVersion: string;
  recordedAt: string;
  /** How many earlier actions fell out of the ring buffer. */
  dropped: number;
  initialState: unknown;
  entries: LoggedAction[];
  /** Redux DevTools import: the actions as a JSON array. */
  payload: string;
  preloadedState?: string;
}

export function actionLogFile(input: {
  entries: LoggedAction[];
  initialState: unknown;
  dropped: number;
  now: Date;
}): ActionLogFile {
  return {
    format: ACTION_LOG_FORMAT,
    version: ACTION_LOG_VERSION,
    appVersion: APP_VERSION,
    recordedAt: input.now.toISOString(),
    dropped: input.dropped,
    initialState: input.initialState ?? null,
    entries: input.entries,
    payload: JSON.stringify(input.entries.map((e) => e.action)),
    ...(input.initialState != null ? { preloadedState: JSON.stringify(input.initialState) } : {}),
  };
}

export function actionLogFileName(now: Date): string {
  return `emgen-session-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}
