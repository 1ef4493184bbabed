import { createSlice, nanoid } from '@reduxjs/toolkit';
import { FLASH_DURATION_MS } from '../../../protocol';

export type FlashSeverity = 'info' | 'success' | 'warning' | 'error';

export interface FlashMessage {
  id: string;
  text: string;
  severity: FlashSeverity;
  durationMs: number;
}

/**
 * One flash at a time, and the newest wins: a busy meeting flashes faster than
 * every 4 s, and the answer to something the user just did must not wait.
 */
export const flashSlice = createSlice({
  name: 'flash',
  initialState: { current: null as FlashMessage | null },
  reducers: {
    flashShown: {
      reducer: (state, action: { payload: FlashMessage }) => {
        state.current = action.payload;
      },
      prepare: (
        text: string,
        severity: FlashSeverity = 'info',
        durationMs = FLASH_DURATION_MS,
      ) => ({
        payload: { id: nanoid(), text, severity, durationMs },
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
