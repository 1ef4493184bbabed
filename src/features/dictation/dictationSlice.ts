import { createAction, createSlice } from '@reduxjs/toolkit';
import { QUIET_BARS } from './meter';

/**
 * Dictation as Redux sees it (SPEC §4 "voice input has a recording state",
 * DESIGN §3): plain status, the meter's bar heights and the interim hint.
 * The socket, the AudioContext, the stream and the PCM chunks stay in the
 * dictation middleware, so DevTools show a session but never any audio.
 */
export type DictationStatus = 'idle' | 'starting' | 'recording' | 'stopping' | 'error';

export interface DictationState {
  status: DictationStatus;
  /** Five bar heights in px (4..24), the newest level last. */
  bars: number[];
  /** The recogniser's latest guess for the utterance in progress. */
  interim: string;
  error: string | null;
}

export const initialDictationState: DictationState = {
  status: 'idle',
  bars: [...QUIET_BARS],
  interim: '',
  error: null,
};

/** The user left the page while dictating: tear down at once, without waiting for text. */
export const dictationCancelled = createAction('dictation/cancelled');

const isActive = (status: DictationStatus) =>
  status === 'starting' || status === 'recording' || status === 'stopping';

export const dictationSlice = createSlice({
  name: 'dictation',
  initialState: initialDictationState,
  reducers: {
    /** The user pressed the microphone toggle in a world. */
    dictationStartRequested: (state, _action: { payload: { worldId: string } }) => {
      if (isActive(state.status)) return;
      return { ...initialDictationState, status: 'starting' };
    },
    /** Microphone granted and the socket open: audio is on its way. */
    dictationRecordingStarted: (state) => {
      if (state.status === 'starting') state.status = 'recording';
    },
    /** At most about ten per second, whatever the chunk rate. */
    dictationLevelMeasured: (state, action: { payload: { bars: number[] } }) => {
      if (state.status === 'recording') state.bars = action.payload.bars;
    },
    dictationInterimReceived: (state, action: { payload: { text: string } }) => {
      if (isActive(state.status)) state.interim = action.payload.text;
    },
    /** The user pressed the toggle again: the end marker goes out, the final text is awaited. */
    dictationStopRequested: (state) => {
      if (state.status === 'starting' || state.status === 'recording') {
        state.status = 'stopping';
        state.bars = [...QUIET_BARS];
      }
    },
    /** Recognised text for the utterance; the message box appends it. */
    dictationFinalReceived: (state, _action: { payload: { text: string } }) => {
      state.interim = '';
    },
    /** The session is over and everything is released. */
    dictationStopped: () => initialDictationState,
    dictationFailed: (_state, action: { payload: { error: string } }) => ({
      ...initialDictationState,
      status: 'error',
      error: action.payload.error,
    }),
  },
  extraReducers: (builder) => {
    builder.addCase(dictationCancelled, () => initialDictationState);
  },
  selectors: {
    selectDictationStatus: (state) => state.status,
    selectDictationBars: (state) => state.bars,
    selectDictationInterim: (state) => state.interim,
    selectDictationError: (state) => state.error,
  },
});

export const {
  dictationStartRequested,
  dictationRecordingStarted,
  dictationLevelMeasured,
  dictationInterimReceived,
  dictationStopRequested,
  dictationFinalReceived,
  dictationStopped,
  dictationFailed,
} = dictationSlice.actions;
export const {
  selectDictationStatus,
  selectDictationBars,
  selectDictationInterim,
  selectDictationError,
} = dictationSlice.selectors;

export { isActive as isDictationActive };
