import { createSlice, lruMemoize, nanoid } from '@reduxjs/toolkit';
import { FLASH_DURATION_MS } from '../../../protocol';
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

function showServerFlash(state: FlashState, text: string, severity: FlashSeverity) {
  // A session log recorded before this counter existed replays from a state without it.
  state.fromServer = (state.fromServer ?? 0) + 1;
  state.current = {
    id: `server-${state.fromServer}`,
    text,
    severity,
    durationMs: FLASH_DURATION_MS,
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
  // Server events the user sees as a flash (SPEC §2, §8). The frame itself is the event:
  // answering it here, not from a listener, spares every tool call a second dispatch.
  extraReducers: (builder) => {
    builder
      .addCase(cogIn('server.tool.start'), (state, { payload }) => {
        const text = toolStartText(i18n.language, payload.content.tool_name);
        showServerFlash(state, text, 'info');
      })
      .addCase(cogIn('server.tool.error'), (state, { payload }) => {
        showServerFlash(state, toolErrorText(i18n.language, payload.content.error), 'error');
      })
      .addCase(cogIn('flash.message'), (state, { payload }) => {
        showServerFlash(state, payload.content.text, 'info');
      });
  },
  selectors: {
    selectCurrentFlash: (state) => state.current ?? undefined,
  },
});

export const { flashShown, flashDismissed } = flashSlice.actions;
export const { selectCurrentFlash } = flashSlice.selectors;
