import { createSlice, nanoid } from '@reduxjs/toolkit';
import { FLASH_DURATION_MS } from '../../../protocol';

/** The flash on screen plus this many waiting. */
const MAX_QUEUED = 3;

export type FlashSeverity = 'info' | 'success' | 'warning' | 'error';

export interface FlashMessage {
  id: string;
  text: string;
  severity: FlashSeverity;
  durationMs: number;
}

export const flashSlice = createSlice({
  name: 'flash',
  initialState: { messages: [] as FlashMessage[] },
  reducers: {
    flashShown: {
      reducer: (state, action: { payload: FlashMessage }) => {
        state.messages.push(action.payload);
        // A busy meeting can flash faster than 4 s a message; keep the one showing and the newest.
        if (state.messages.length > MAX_QUEUED) state.messages.splice(1, state.messages.length - MAX_QUEUED);
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
      state.messages = state.messages.filter((m) => m.id !== action.payload);
    },
  },
  selectors: {
    selectCurrentFlash: (state) => state.messages[0],
  },
});

export const { flashShown, flashDismissed } = flashSlice.actions;
export const { selectCurrentFlash } = flashSlice.selectors;
