import { createAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { createActionWindow } from './actionWindow';
import { actionLogFile, actionLogFileName, type ActionLogFile } from './format';
import { redact } from './redact';

/** SPEC-free default: enough for a long meeting; configurable per store. */
export const DEFAULT_ACTION_LOG_CAPACITY = 5000;
const BLOCKS = 10;

/** The user asked to download the session log (world menu, palette). */
export const sessionLogExportRequested = createAction('support/sessionLogExportRequested');
/** The log was handed to the browser as a download. */
export const sessionLogExported = createAction<{ fileName: string; actions: number }>(
  'support/sessionLogExported',
);

export interface ActionRecorderDeps {
  capacity?: number;
  now?: () => Date;
  /** Hands the finished file to the user (the browser downloads it; tests keep it). */
  download: (fileName: string, text: string) => void;
}

/**
 * Keeps the last `capacity` actions that reached the reducers, each redacted
 * as it is recorded (see actionWindow.ts for how they are kept).
 */
export function createActionRecorder(deps: ActionRecorderDeps) {
  const capacity = Math.max(BLOCKS, deps.capacity ?? DEFAULT_ACTION_LOG_CAPACITY);
  const kept = createActionWindow(capacity, BLOCKS);
  const now = deps.now ?? (() => new Date());
  // A Date per action is garbage the ingest path need not make.
  const clock = deps.now ? () => now().getTime() : Date.now;
  let initialState: unknown = undefined;

  function snapshot(): ActionLogFile {
    const base = kept.dropped > 0 ? kept.startState : initialState;
    return actionLogFile({
      entries: kept.entries(),
      initialState: base === undefined ? null : redact(base),
      dropped: kept.dropped,
      now: now(),
    });
  }

  const middleware: Middleware = (api) => {
    // The state before any action: what a replay starts from while nothing has been dropped.
    initialState = api.getState();
    return (next) => (action) => {
      if (sessionLogExportRequested.match(action)) {
        const file = snapshot();
        const fileName = actionLogFileName(now());
        deps.download(fileName, JSON.stringify(file));
        const result = next(action);
        api.dispatch(sessionLogExported({ fileName, actions: file.entries.length }));
        return result;
      }
      if (typeof action === 'object' && action !== null && 'type' in action)
        kept.push(clock(), redact(action) as UnknownAction, api.getState());
      return next(action);
    };
  };

  return {
    middleware,
    snapshot,
    get size() {
      return kept.size;
    },
  };
}

export type ActionRecorder = ReturnType<typeof createActionRecorder>;

/** The browser's download: a JSON file the user saves. */
export function browserDownload(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
