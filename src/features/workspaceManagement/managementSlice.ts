import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Expert, ToolProvider, WorkspaceRefusal } from '../../../protocol';
import { cogIn } from '../../ws/cogActions';
import { preselectExpertProviders } from './preselect';

export type ManagementMode = 'edit' | 'create';

export interface ManagementState {
  workspaceId: string | null;
  mode: ManagementMode;
  /** true until both detail responses arrived, or 5 s passed (SPEC §4) */
  loading: boolean;
  expertsLoaded: boolean;
  providersLoaded: boolean;
  experts: Expert[];
  providers: ToolProvider[];
  selectedExperts: string[];
  originalExperts: string[];
  selectedProviders: string[];
  originalProviders: string[];
  /** Create mode: providers ticked because a chosen expert brings them, untouched since. */
  suggestedProviders: string[];
  /** Create mode: providers the user unticked, which choosing an expert does not tick again. */
  declinedProviders: string[];
  name: string;
  originalName: string;
  saving: boolean;
  error: string | null;
  /** The server refused the workspace (workspace.unavailable): the page says why instead of a form. */
  unavailable: WorkspaceRefusal | null;
}

const initialState: ManagementState = {
  workspaceId: null,
  mode: 'edit',
  loading: false,
  expertsLoaded: false,
  providersLoaded: false,
  experts: [],
  providers: [],
  selectedExperts: [],
  originalExperts: [],
  selectedProviders: [],
  originalProviders: [],
  suggestedProviders: [],
  declinedProviders: [],
  name: '',
  originalName: '',
  saving: false,
  error: null,
  unavailable: null,
};

/** Save (create or edit) was pressed; the save saga takes it from here. */
export const workspaceSaveRequested = createAction<{ worldId: string }>(
  'management/workspaceSaveRequested',
);
/** The page was left; a save in progress is cancelled. */
export const managementClosed = createAction('management/closed');

const toggle = (list: string[], item: string) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

export const managementSlice = createSlice({
  name: 'management',
  initialState,
  reducers: {
    managementOpened: (_s, action: { payload: { workspaceId: string; mode: ManagementMode } }) => ({
      ...initialState,
      ...action.payload,
      loading: true,
    }),
    managementLoadingEnded: (state) => {
      state.loading = false;
    },
    expertSelectionToggled: (state, action: { payload: string }) => {
      state.selectedExperts = toggle(state.selectedExperts, action.payload);
      // A new workspace gets the tools its experts bring; an existing one is left as it is.
      if (state.mode === 'create') preselectExpertProviders(state);
    },
    providerSelectionToggled: (state, action: { payload: string }) => {
      const name = action.payload;
      state.selectedProviders = toggle(state.selectedProviders, name);
      state.suggestedProviders = state.suggestedProviders.filter((p) => p !== name);
      state.declinedProviders = state.selectedProviders.includes(name)
        ? state.declinedProviders.filter((p) => p !== name)
        : [...state.declinedProviders, name];
    },
    allProvidersSelected: (state) => {
      state.selectedProviders = state.providers.map((p) => p.name);
      state.suggestedProviders = [];
      state.declinedProviders = [];
    },
    allProvidersDeselected: (state) => {
      state.selectedProviders = [];
      state.suggestedProviders = [];
      state.declinedProviders = state.providers.map((p) => p.name);
    },
    workspaceNameEdited: (state, action: { payload: string }) => {
      state.name = action.payload;
    },
    workspaceSaveStarted: (state) => {
      state.saving = true;
      state.error = null;
    },
    workspaceSaveSucceeded: (state) => {
      state.saving = false;
      state.originalExperts = state.selectedExperts;
      state.originalProviders = state.selectedProviders;
      state.originalName = state.name.trim();
    },
    workspaceSaveFailed: (state, action: { payload: string }) => {
      state.saving = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(cogIn('workspace.expert.details.response'), (state, { payload }) => {
        if (!state.workspaceId || state.expertsLoaded) return;
        const { experts, workspaceName } = payload.content;
        state.experts = experts;
        state.expertsLoaded = true;
        // In create mode nothing is chosen yet; in edit mode the workspace's experts are.
        const chosen =
          state.mode === 'edit' ? experts.filter((e) => e.selected).map((e) => e.expert_id) : [];
        state.selectedExperts = chosen;
        state.originalExperts = chosen;
        if (state.mode === 'edit') {
          state.name = workspaceName ?? '';
          state.originalName = workspaceName ?? '';
        }
        if (state.providersLoaded) state.loading = false;
      })
      .addCase(cogIn('workspace.toolprovider.details.response'), (state, { payload }) => {
        if (!state.workspaceId || state.providersLoaded) return;
        const { providers } = payload.content;
        state.providers = providers;
        state.providersLoaded = true;
        const chosen =
          state.mode === 'edit' ? providers.filter((p) => p.selected).map((p) => p.name) : [];
        state.selectedProviders = chosen;
        state.originalProviders = chosen;
        if (state.mode === 'create') preselectExpertProviders(state);
        if (state.expertsLoaded) state.loading = false;
      })
      .addCase(cogIn('workspace.unavailable'), (state, { payload }) => {
        if (payload.content.workspace_id !== state.workspaceId) return;
        state.unavailable = payload.content.reason;
        state.loading = false;
      });
  },
  selectors: {
    selectManagement: (state) => state,
  },
});

export const {
  managementOpened,
  managementLoadingEnded,
  expertSelectionToggled,
  providerSelectionToggled,
  allProvidersSelected,
  allProvidersDeselected,
  workspaceNameEdited,
  workspaceSaveStarted,
  workspaceSaveSucceeded,
  workspaceSaveFailed,
} = managementSlice.actions;
export const { selectManagement } = managementSlice.selectors;
