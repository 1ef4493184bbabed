import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ComponentNode } from '../../../protocol';
import { t } from '../../i18n/i18n';
import { cogIn } from '../../ws/cogActions';

export type FlowStatus = 'idle' | 'waiting' | 'shown' | 'error';

export interface FlowState {
  flowid: string | null;
  status: FlowStatus;
  component: ComponentNode | null;
  error: string | null;
  step: number | null;
  steps: number | null;
  done: boolean;
  /** A flow.event was sent and the next screen has not arrived yet. */
  eventPending: boolean;
  redirectTo: string | null;
}

const initialState: FlowState = {
  flowid: null,
  status: 'idle',
  component: null,
  error: null,
  step: null,
  steps: null,
  done: false,
  eventPending: false,
  redirectTo: null,
};

/** The flow page (SPEC §2, §4): a spinner until the first flow.screen.display, then the server's screens. */
export const flowSlice = createSlice({
  name: 'flow',
  initialState,
  reducers: {
    flowOpened: (_state, action: PayloadAction<{ flowid: string }>) => ({
      ...initialState,
      flowid: action.payload.flowid,
      status: 'waiting',
    }),
    flowClosed: () => initialState,
    flowEventSent: (state) => {
      state.eventPending = true;
    },
    flowRedirectFollowed: (state) => {
      state.redirectTo = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(cogIn('flow.screen.display'), (state, { payload }) => {
      const { content } = payload;
      if (!state.flowid || (content.flowid && content.flowid !== state.flowid)) return;
      state.eventPending = false;
      if (content.status === 'error') {
        // A refused event leaves the current screen up with the reason beside it.
        if (state.status !== 'shown') state.status = 'error';
        state.error = content.error || t('Unknown error');
        return;
      }
      state.error = null;
      if (content.component) {
        state.component = content.component;
        state.status = 'shown';
      }
      state.step = content.step ?? null;
      state.steps = content.steps ?? null;
      state.done = content.done === true;
      if (content.redirect_url) state.redirectTo = content.redirect_url;
    });
  },
  selectors: {
    selectFlow: (state) => state,
  },
});

export const { flowOpened, flowClosed, flowEventSent, flowRedirectFollowed } = flowSlice.actions;
export const { selectFlow } = flowSlice.selectors;
