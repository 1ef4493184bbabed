import { createAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { actionLogFile, actionLogFileName, type ActionLogFile, type LoggedAction } from './format';
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

interface Block {
  /** The state this block's first action applied to (states are immutable: a reference). */
  startState: unknown;
  entries: LoggedAction[];
}

/**
 * Keeps the last `capacity` actions that reached the reducers, each redacted
 * as it is recorded, in blocks that remember the state they started from, so
 * a log always replays from a known state even after older actions fell out.
 */
export function createActionRecorder(deps: ActionRecorderDeps) {
  const capacity = Math.max(BLOCKS, deps.capacity ?? DEFAULT_ACTION_LOG_CAPACITY);
  const blockSize = Math.ceil(capacity / BLOCKS);
  const now = deps.now ?? (() => new Date());
  // A Date per action is garbage the ingest path need not make.
  const clock = deps.now ? () => now().getTime() : Date.now;
  const blocks: Block[] = [];
  let size = 0;
  let dropped = 0;
  let initialState: unknown = undefined;

  function record(action: UnknownAction, stateBefore: unknown) {
    let block = blocks.at(-1);
    if (!block || block.entries.length >= blockSize) {
      block = { startState: stateBefore, entries: [] };
      blocks.push(block);
    }
    block.entries.push({ at: clock(), action: redact(action) as UnknownAction });
    size++;
    while (size > capacity && blocks.length > 1) {
      const oldest = blocks.shift()!;
      size -= oldest.entries.length;
      dropped += oldest.entries.length;
    }
  }

  function snapshot(): ActionLogFile {
    const first = blocks[0];
    const base = first && dropped > 0 ? first.startState : initialState;
    return actionLogFile({
      entries: blocks.flatMap((b) => b.entries),
      initialState: base === undefined ? null : redact(base),
      dropped,
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
        record(action as UnknownAction, api.getState());
      return next(action);
    };
  };

  return {
    middleware,
    snapshot,
    get size() {
      return size;
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
