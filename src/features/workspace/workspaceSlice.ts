import {
  createEntityAdapter,
  createSlice,
  type EntityState,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type {
  Expert,
  MessageVersion,
  ProgressItem,
  ResearchBox,
  Trace,
  WorkspaceRefusal,
} from '../../../protocol';
import { cogConnected, cogIn, cogSendRequested } from '../../ws/cogActions';
import { emptyHistory, historyPageRequested, type TranscriptHistory } from './history';
import { emptyMessageList, type MessageList } from './messageList';
import { applyStreamedFrame } from './streamedFrames';

/** One entry of the transcript: the user's words or an expert's (possibly still streaming) answer. */
export interface TranscriptMessage {
  message_id: string;
  role: 'user' | 'assistant';
  name: string;
  expert_id?: string;
  keywords?: string | string[];
  /** Markdown (rendered with GFM) … */
  content?: string;
  /** … or HTML (sanitized before it reaches the DOM). */
  html?: string;
  /** false while an answer is still streaming in */
  final: boolean;
  created_at?: string;
  /** Who asked (a user's message). */
  user_id?: string;
  /** What answered (engine or model) and how long it took. */
  model?: string;
  duration_ms?: number;
  /** Stopped by a user before it was done. */
  stopped?: boolean;
  /** Earlier versions, oldest first (the message is the newest). */
  versions?: MessageVersion[];
  /** A tool someone ran from the / menu: this message is its result (issue 22). */
  tool_name?: string;
}

export interface WorkspaceExpert extends Expert {
  selected: boolean;
}

export const expertsAdapter = createEntityAdapter({
  selectId: (e: WorkspaceExpert) => e.expert_id,
});
export const researchAdapter = createEntityAdapter({ selectId: (r: ResearchBox) => r.id });

/** Traces kept per page; older ones drop off (the server keeps them all). */
export const MAX_TRACES = 500;

export interface WorkspaceState {
  workspaceId: string | null;
  workspaceName: string | null;
  experts: EntityState<WorkspaceExpert, string>;
  messages: MessageList;
  progress: Record<string, ProgressItem>;
  research: EntityState<ResearchBox, string>;
  traces: Trace[];
  /** Where the loaded messages sit in the stored transcript, and the page under way. */
  history: TranscriptHistory;
  /** Questions this browser has sent: the transcript goes to the newest when one comes back. */
  questionsSent: number;
  /**
   * The server has answered workspace.expert.details for this workspace. The
   * socket's frames are answered in order and that one is asked last, so the
   * experts and the history are in by then: the page shows them at once
   * instead of empty states that shift the layout as the frames come in.
   */
  loaded: boolean;
  /**
   * The history had messages when the workspace loaded: its first screen is markdown, and waits
   * for the markdown renderer. An empty one shows without it, and stays shown when its first
   * message comes (in plain text until the renderer is in).
   */
  loadedWithMessages: boolean;
  /**
   * The server refused the workspace (workspace.unavailable): 'forbidden'
   * (private, not a participant) or 'missing' (unknown, deleted). The page
   * shows why and a way back instead of a transcript and a message box.
   */
  unavailable: WorkspaceRefusal | null;
  /** The signed-in user's id (server.hello): their last question can be edited. */
  myUserId: string | null;
  /** message_id → which earlier version the reader switched to (absent: the newest). */
  versionShown: Record<string, number>;
}

const initialState: WorkspaceState = {
  workspaceId: null,
  workspaceName: null,
  experts: expertsAdapter.getInitialState(),
  messages: emptyMessageList(),
  progress: {},
  research: researchAdapter.getInitialState(),
  traces: [],
  history: emptyHistory,
  questionsSent: 0,
  loaded: false,
  loadedWithMessages: false,
  unavailable: null,
  myUserId: null,
  versionShown: {},
};

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState,
  reducers: {
    /** The workspace page opened (or switched to) a workspace: start from a clean transcript. */
    workspaceOpened: (state, action: { payload: { workspaceId: string } }) => ({
      ...initialState,
      myUserId: state.myUserId,
      workspaceId: action.payload.workspaceId,
    }),
    /** The reader switched a message to one of its versions (`version` = versions.length: the newest). */
    messageVersionShown: (
      state,
      action: { payload: { messageId: string; version: number; newest: boolean } },
    ) => {
      const { messageId, version, newest } = action.payload;
      if (newest) delete state.versionShown[messageId];
      else state.versionShown[messageId] = version;
    },
    expertToggled: (state, action: { payload: { expertId: string } }) => {
      const expert = state.experts.entities[action.payload.expertId];
      if (expert) expert.selected = !expert.selected;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(cogIn('display.expert'), (state, { payload }) => {
        const known = state.experts.entities[payload.content.expert_id];
        // SPEC §3: selected defaults true on receipt; a choice already made is kept.
        expertsAdapter.upsertOne(state.experts, {
          ...payload.content,
          selected: known?.selected ?? payload.content.selected ?? true,
        });
      })
      .addCase(cogIn('server.hello'), (state, { payload }) => {
        state.myUserId = payload.content.userId ?? null;
      })
      .addCase(cogIn('workspace.expert.details.response'), (state, { payload }) => {
        if (!state.loaded) state.loadedWithMessages = state.messages.size > 0;
        state.loaded = true;
        // Answered: the workspace opens for this user (again, e.g. invited since).
        state.unavailable = null;
        if (payload.content.workspaceName !== undefined) {
          state.workspaceName = payload.content.workspaceName;
        }
      })
      // Refused, or access taken away: nothing of the workspace is shown any more.
      .addCase(cogIn('workspace.unavailable'), (state, { payload }) => {
        if (payload.content.workspace_id !== state.workspaceId) return;
        return {
          ...initialState,
          workspaceId: state.workspaceId,
          loaded: true,
          unavailable: payload.content.reason,
        };
      })
      // Renamed elsewhere (the sidebar, another tab): the header and title follow.
      // Deleted elsewhere: it no longer exists here either (nothing typed goes to it).
      .addCase(cogIn('workspace.changed'), (state, { payload }) => {
        const { workspace_id, name, deleted } = payload.content;
        if (workspace_id !== state.workspaceId) return;
        if (deleted === true) {
          return {
            ...initialState,
            workspaceId: state.workspaceId,
            myUserId: state.myUserId,
            loaded: true,
            unavailable: 'missing' as const,
          };
        }
        if (name !== undefined) state.workspaceName = name;
      })
      // Refused (an unknown workspace): the page shows what there is rather than wait forever.
      .addCase(cogIn('server.error'), (state, { payload }) => {
        if (payload.content.typ === 'workspace.expert.details') state.loaded = true;
      })
      .addCase(cogSendRequested, (state, { payload }) => {
        if (payload.typ === 'user.message') state.questionsSent += 1;
        const loading = historyPageRequested(payload);
        if (loading) state.history.loading = loading;
      })
      // A socket that dropped missed the progress of the rounds it was watching (an
      // instance that died took its round with it; another ended it failed meanwhile):
      // the history sent on connect shows how they ended, and rounds still under way
      // elsewhere report again as they finish. That history sends the stored traces
      // again, so the ones shown are dropped rather than shown twice.
      .addCase(cogConnected, (state) => {
        state.progress = {};
        state.traces = [];
        // A page asked for on the dropped socket may never come; the connect asks again.
        state.history.loading = null;
      })
      .addCase(cogIn('display.history'), (state, { payload }) => {
        const { researchboxes, traces } = payload.content;
        if (researchboxes) researchAdapter.upsertMany(state.research, researchboxes);
        if (traces) state.traces = traces.slice(-MAX_TRACES);
      })
      .addCase(cogIn('server.trace'), (state, { payload }) => {
        state.traces.push(payload.content);
        if (state.traces.length > MAX_TRACES)
          state.traces.splice(0, state.traces.length - MAX_TRACES);
      });
  },
});

export const { workspaceOpened, expertToggled, messageVersionShown } = workspaceSlice.actions;

/**
 * The slice, then the frames a round streams in bulk (transcript, progress,
 * research), which are applied outside Immer (see streamedFrames.ts).
 */
export function workspaceReducer(
  state: WorkspaceState | undefined,
  action: UnknownAction,
): WorkspaceState {
  return applyStreamedFrame(workspaceSlice.reducer(state, action), action);
}
