import { createAction, createSlice } from '@reduxjs/toolkit';

/** The user picked another world in the world switcher. */
export const worldSwitchRequested = createAction<{ worldId: string }>('world/switchRequested');
/** 500 ms after a switch: whether the new world's connection is up (SPEC §9 "diagnostic"). */
export const worldSwitchDiagnosed = createAction<{ worldId: string; connected: boolean }>(
  'world/switchDiagnosed',
);

export const worldSlice = createSlice({
  name: 'world',
  initialState: { switchingTo: null as string | null },
  reducers: {
    worldSwitchStarted: (state, action: { payload: { worldId: string } }) => {
      state.switchingTo = action.payload.worldId;
    },
    worldSwitchFinished: (state) => {
      state.switchingTo = null;
    },
  },
  selectors: {
    selectSwitchingTo: (state) => state.switchingTo,
  },
});

export const { worldSwitchStarted, worldSwitchFinished } = worldSlice.actions;
export const { selectSwitchingTo } = worldSlice.selectors;
