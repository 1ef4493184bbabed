import {
  createEntityAdapter,
  createSlice,
  type EntityState,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { Expert, ProgressItem, ResearchBox, Trace } from '../../../protocol';
import { cogConnected, cogIn, cogSendRequested } from '../../ws/cogActions';
import { emptyMessageList, upsertMessage, type MessageList } from './messageList';

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
  /** Questions this browser has sent: the transcript goes to the newest when one comes back. */
  questionsSent: number;
  /**
   * The server has answered workspace.expert.details for this workspace. The
   * socket's frames are answered in order and that one is asked last, so the
   * experts and the history are in by then: the page shows them at once
   * instead of empty states that shift the layout as the frames come in.
   */
  loaded: boolean;
}

const initialState: WorkspaceState = {
  workspaceId: null,
  workspaceName: null,
  experts: expertsAdapter.getInitialState(),
  messages: emptyMessageList(),
  progress: {},
  research: researchAdapter.getInitialState(),
  traces: [],
  questionsSent: 0,
  loaded: false,
};

type Incoming = {
  message_id: string;
  name?: string;
  keywords?: string | string[];
  content?: string;
  html?: string;
  final?: boolean;
  role?: string;
  created_at?: string;
  expert_id?: unknown;
};

function toTranscript(m: Incoming, fallbackRole: 'user' | 'assistant'): TranscriptMessage {
  const role = m.role === 'user' || m.role === 'assistant' ? m.role : fallbackRole;
  const out: TranscriptMessage = {
    message_id: m.message_id,
    role,
    name: m.name ?? (role === 'user' ? 'You' : 'Expert'),
    final: m.final ?? true,
  };
  if (m.content !== undefined) out.content = m.content;
  if (m.html !== undefined) out.html = m.html;
  if (m.keywords !== undefined) out.keywords = m.keywords;
  if (m.created_at !== undefined) out.created_at = m.created_at;
  if (typeof m.expert_id === 'string') out.expert_id = m.expert_id;
  return out;
}

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState,
  reducers: {
    /** The workspace page opened (or switched to) a workspace: start from a clean transcript. */
    workspaceOpened: (_state, action: { payload: { workspaceId: string } }) => ({
      ...initialState,
      workspaceId: action.payload.workspaceId,
    }),
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
      .addCase(cogIn('workspace.expert.details.response'), (state, { payload }) => {
        state.loaded = true;
        if (payload.content.workspaceName !== undefined) {
          state.workspaceName = payload.content.workspaceName;
        }
      })
      // Refused (an unknown workspace): the page shows what there is rather than wait forever.
      .addCase(cogIn('server.error'), (state, { payload }) => {
        if (payload.content.typ === 'workspace.expert.details') state.loaded = true;
      })
      // A socket that dropped missed the progress of the rounds it was watching (an
      // instance that died took its round with it; another ended it failed meanwhile):
      // the history sent on connect shows how they ended, and rounds still under way
      // elsewhere report again as they finish. That history sends every stored trace
      // again, so the ones shown are dropped rather than shown twice.
      .addCase(cogSendRequested, (state, { payload }) => {
        if (payload.typ === 'user.message') state.questionsSent += 1;
      })
      .addCase(cogConnected, (state) => {
        state.progress = {};
        state.traces = [];
      })
      .addCase(cogIn('server.progress'), (state, { payload }) => {
        const { cid, status } = payload.content;
        if (status === 'done') delete state.progress[cid];
        else state.progress[cid] = payload.content;
      })
      .addCase(cogIn('display.researchbox'), (state, { payload }) => {
        researchAdapter.upsertOne(state.research, payload.content);
      })
      .addCase(cogIn('server.data'), (state, { payload }) => {
        const box = payload.content as { key: string; id?: unknown; value?: unknown };
        if (box.key === 'researchbox' && box.value && typeof box.value === 'object') {
          const value = box.value as ResearchBox;
          if (typeof value.id === 'string') researchAdapter.upsertOne(state.research, value);
        }
      })
      .addCase(cogIn('server.trace'), (state, { payload }) => {
        state.traces.push(payload.content);
        if (state.traces.length > MAX_TRACES)
          state.traces.splice(0, state.traces.length - MAX_TRACES);
      });
  },
});

export const { workspaceOpened, expertToggled } = workspaceSlice.actions;

const userEcho = cogIn('user.echo');
const assistantMessage = cogIn('assistant.message');
const displayMessage = cogIn('display.message');

/**
 * The slice plus the transcript frames, handled outside Immer: the message
 * list is immutable by construction (see messageList.ts), and drafting it
 * would walk and freeze thousands of entries per frame.
 */
export function workspaceReducer(
  state: WorkspaceState | undefined,
  action: UnknownAction,
): WorkspaceState {
  const next = workspaceSlice.reducer(state, action);
  let message: TranscriptMessage | undefined;
  if (userEcho.match(action)) message = toTranscript(action.payload.content, 'user');
  // A streamed answer repeats its message_id; each update replaces the text.
  else if (assistantMessage.match(action) || displayMessage.match(action)) {
    message = toTranscript(action.payload.content, 'assistant');
  }
  return message ? { ...next, messages: upsertMessage(next.messages, message) } : next;
}
