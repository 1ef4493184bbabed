import { createSlice, nanoid } from '@reduxjs/toolkit';
import { FLASH_DURATION_MS } from '../../../protocol';

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
