import { createSlice, lruMemoize, nanoid, type UnknownAction } from '@reduxjs/toolkit';
import { FLASH_DURATION_MS } from '../../../protocol/timing';
import { i18n, t } from '../../i18n/i18n';
import { cogIn } from '../../ws/cogActions';

export type FlashSeverity = 'info' | 'success' | 'warning' | 'error';

/**
 * A button on a flash (e.g. Undo): its label and the plain action it
 * dispatches, kept as data so that state stays serializable and DevTools and
 * a replayed session show the click as that ordinary action.
 */
export interface FlashAction {
  label: string;
  action: { type: string; payload?: unknown };
}

export interface FlashMessage {
  id: string;
  text: string;
  severity: FlashSeverity;
  durationMs: number;
  action?: FlashAction;
}

interface FlashState {
  current: FlashMessage | null;
  /** Flashes shown for server events so far: their ids, as a reducer may not draw random ones. */
  fromServer: number;
}

const initialState: FlashState = { current: null, fromServer: 0 };

/** The next flash shown for a server event (a new object: see flashReducer). */
function withServerFlash(state: FlashState, text: string, severity: FlashSeverity): FlashState {
  // A session log recorded before this counter existed replays from a state without it.
  const fromServer = (state.fromServer ?? 0) + 1;
  return {
    ...state,
    fromServer,
    current: { id: `server-${fromServer}`, text, severity, durationMs: FLASH_DURATION_MS },
  };
}

/*
 * A server flash's text, remembered by language and value: i18next takes several
 * microseconds a call, and a busy round starts the same few tools again and again,
 * one server.tool.start frame each (DESIGN §8 ingest budget). The language is an
 * argument so that a switch of language makes the text anew; the German catalogue
 * is loaded before the switch (i18n.ts, applyLanguage).
 */
const REMEMBERED_TEXTS = 16;
const toolStartText = lruMemoize(
  (_language: string, tool: string) => t('Using {{tool}}...', { tool }),
  { maxSize: REMEMBERED_TEXTS },
);
const toolErrorText = lruMemoize(
  (_language: string, error: string) => t('Tool error: {{error}}', { error }),
  { maxSize: REMEMBERED_TEXTS },
);

/**
 * One flash at a time, and the newest wins: a busy meeting flashes faster than
 * every 4 s, and the answer to something the user just did must not wait.
 */
export const flashSlice = createSlice({
  name: 'flash',
  initialState,
  reducers: {
    flashShown: {
      reducer: (state, action: { payload: FlashMessage }) => {
        state.current = action.payload;
      },
      prepare: (
        text: string,
        severity: FlashSeverity = 'info',
        durationMs = FLASH_DURATION_MS,
        action?: FlashAction,
      ) => ({
        payload: { id: nanoid(), text, severity, durationMs, ...(action ? { action } : {}) },
      }),
    },
    flashDismissed: (state, action: { payload: string }) => {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
  selectors: {
    selectCurrentFlash: (state) => state.current ?? undefined,
  },
});

export const { flashShown, flashDismissed } = flashSlice.actions;
export const { selectCurrentFlash } = flashSlice.selectors;

const toolStarted = cogIn('server.tool.start');
const toolFailed = cogIn('server.tool.error');
const flashMessage = cogIn('flash.message');

/**
 * The slice, then the server events the user sees as a flash (SPEC §2, §8).
 * The frame itself is the event: answering it here, not from a listener, spares
 * every tool call a second dispatch. These cases are a spread each and run per
 * tool call, so they go around Immer (as the workspace's streamed frames do): a
 * draft costs a proxy, a finalising walk and a freeze, several times the update.
 */
export function flashReducer(state: FlashState | undefined, action: UnknownAction): FlashState {
  const next = flashSlice.reducer(state, action);
  if (toolStarted.match(action)) {
    const text = toolStartText(i18n.language, action.payload.content.tool_name);
    return withServerFlash(next, text, 'info');
  }
  if (toolFailed.match(action)) {
    const text = toolErrorText(i18n.language, action.payload.content.error);
    return withServerFlash(next, text, 'error');
  }
  if (flashMessage.match(action)) return withServerFlash(next, action.payload.content.text, 'info');
  return next;
}
