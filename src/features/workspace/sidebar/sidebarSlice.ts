import { createAction, createSlice } from '@reduxjs/toolkit';
import type { ListedWorkspace, WorkspaceSearchHit } from '../../../../protocol';
import { cogIn, cogSendRequested } from '../../../ws/cogActions';

/** The sidebar of conversations: the user's workspaces and the search over them. */
export interface SidebarState {
  /** null until the first workspace.list answer. */
  workspaces: ListedWorkspace[] | null;
  /** Bumped by every workspace.changed: the list is asked for again. */
  changes: number;
  /** Deleted here and not restored yet: hidden before the server's list catches up. */
  deleted: string[];
  search: {
    /** The query last sent; an answer to an older one is dropped. */
    q: string;
    results: WorkspaceSearchHit[];
    /** Whether `results` answer `q`. */
    answered: boolean;
  };
}

const initialState: SidebarState = {
  workspaces: null,
  changes: 0,
  deleted: [],
  search: { q: '', results: [], answered: false },
};

/** The Undo of a deletion's flash: a plain action, so DevTools and replays show it as such. */
export const workspaceRestoreAsked = createAction<{ workspaceId: string }>(
  'workspaceSidebar/restoreAsked',
);

export const sidebarSlice = createSlice({
  name: 'workspaceSidebar',
  initialState,
  reducers: {
    /** The search box was cleared: back to the list. */
    workspaceSearchCleared: (state) => {
      state.search = initialState.search;
    },
    workspaceDeleted: (state, action: { payload: { workspaceId: string } }) => {
      state.deleted.push(action.payload.workspaceId);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(cogIn('workspace.list.response'), (state, { payload }) => {
        state.workspaces = payload.content.workspaces;
      })
      .addCase(cogIn('workspace.changed'), (state, { payload }) => {
        state.changes += 1;
        if (payload.content.deleted === false)
          state.deleted = state.deleted.filter((id) => id !== payload.content.workspace_id);
      })
      .addCase(cogSendRequested, (state, { payload }) => {
        if (payload.typ !== 'workspace.search') return;
        state.search.q = (payload.content as { q: string }).q;
        state.search.answered = false;
      })
      .addCase(cogIn('workspace.search.response'), (state, { payload }) => {
        if (payload.content.q !== state.search.q) return;
        state.search.results = payload.content.results;
        state.search.answered = true;
      })
      .addCase(workspaceRestoreAsked, (state, { payload }) => {
        state.deleted = state.deleted.filter((id) => id !== payload.workspaceId);
      });
  },
  selectors: {
    selectSidebarChanges: (state) => state.changes,
    selectSidebarSearch: (state) => state.search,
    selectSidebarWorkspaces: (state) => state.workspaces,
    selectSidebarDeleted: (state) => state.deleted,
  },
});

export const { workspaceSearchCleared, workspaceDeleted } = sidebarSlice.actions;
export const {
  selectSidebarChanges,
  selectSidebarSearch,
  selectSidebarWorkspaces,
  selectSidebarDeleted,
} = sidebarSlice.selectors;
