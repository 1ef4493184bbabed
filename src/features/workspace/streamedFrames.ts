import type { EntityState } from '@reduxjs/toolkit';
import type { MessageVersion, ProgressItem, ResearchBox } from '../../../protocol';
import { t } from '../../i18n/i18n';
import { cogIn } from '../../ws/cogActions';
import { placePage } from './history';
import { positionOf, removeMessages, upsertMessage } from './messageList';
import type { TranscriptMessage, WorkspaceState } from './workspaceSlice';

/**
 * The frames a round streams in bulk (transcript, progress, research boxes),
 * and the transcript's pages, applied without Immer. A draft per frame costs a proxy, a finalising walk
 * and a freeze of what it touched, several times the update itself; these
 * updates are a spread or two, and what they do not touch stays shared.
 */

const userEcho = cogIn('user.echo');
const assistantMessage = cogIn('assistant.message');
const displayMessage = cogIn('display.message');
const displayHistory = cogIn('display.history');
const progress = cogIn('server.progress');
const researchBox = cogIn('display.researchbox');
const serverData = cogIn('server.data');
const messagesRemoved = cogIn('display.messages.removed');

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
  user_id?: string;
  model?: string;
  duration_ms?: number;
  stopped?: boolean;
  versions?: MessageVersion[];
  tool_name?: string;
};

function toTranscript(m: Incoming, fallbackRole: 'user' | 'assistant'): TranscriptMessage {
  const role = m.role === 'user' || m.role === 'assistant' ? m.role : fallbackRole;
  const out: TranscriptMessage = {
    message_id: m.message_id,
    role,
    // A name the server left out, in the language of the moment the message arrived.
    name: m.name ?? (role === 'user' ? t('You') : t('Expert')),
    final: m.final ?? true,
  };
  if (m.content !== undefined) out.content = m.content;
  if (m.html !== undefined) out.html = m.html;
  if (m.keywords !== undefined) out.keywords = m.keywords;
  if (m.created_at !== undefined) out.created_at = m.created_at;
  if (typeof m.expert_id === 'string') out.expert_id = m.expert_id;
  if (m.user_id !== undefined) out.user_id = m.user_id;
  if (m.model !== undefined) out.model = m.model;
  if (m.duration_ms !== undefined) out.duration_ms = m.duration_ms;
  if (m.stopped) out.stopped = true;
  if (m.versions?.length) out.versions = m.versions;
  if (m.tool_name) out.tool_name = m.tool_name;
  return out;
}

/** 'done' ends an expert's progress indicator; any other status replaces the last. */
function withProgress(
  items: Record<string, ProgressItem>,
  item: ProgressItem,
): Record<string, ProgressItem> {
  if (item.status !== 'done') return { ...items, [item.cid]: item };
  if (!Object.hasOwn(items, item.cid)) return items;
  const { [item.cid]: _ended, ...rest } = items;
  return rest;
}

/** The entity adapter's upsertOne: a box already shown takes the new fields over its old ones. */
function withResearchBox(
  research: EntityState<ResearchBox, string>,
  box: ResearchBox,
): EntityState<ResearchBox, string> {
  const known = research.entities[box.id];
  return {
    ids: known ? research.ids : [...research.ids, box.id],
    entities: { ...research.entities, [box.id]: known ? { ...known, ...box } : box },
  };
}

function researchBoxOfData(content: { key: string }): ResearchBox | undefined {
  const { key, value } = content as { key: string; value?: unknown };
  if (key !== 'researchbox' || !value || typeof value !== 'object') return undefined;
  return typeof (value as { id?: unknown }).id === 'string' ? (value as ResearchBox) : undefined;
}

/** A live message into the transcript. */
function withMessage(state: WorkspaceState, message: TranscriptMessage): WorkspaceState {
  // Showing an older stretch, a new message would sit after a gap: it comes with the newer pages.
  if (state.history.newer && positionOf(state.messages, message.message_id) === undefined)
    return state;
  const messages = upsertMessage(state.messages, message);
  const history = state.history.pagedForward
    ? { ...state.history, pagedForward: false }
    : state.history;
  return { ...state, messages, history };
}

/** A new version arrived (regenerated, edited): the message shows its newest. */
function withNewestShown(state: WorkspaceState, messageId: string): WorkspaceState {
  if (!Object.hasOwn(state.versionShown, messageId)) return state;
  const { [messageId]: _shown, ...versionShown } = state.versionShown;
  return { ...state, versionShown };
}

export function applyStreamedFrame(state: WorkspaceState, action: unknown): WorkspaceState {
  // A streamed answer repeats its message_id; each update replaces the text.
  if (userEcho.match(action))
    return withMessage(state, toTranscript(action.payload.content, 'user'));
  if (assistantMessage.match(action) || displayMessage.match(action)) {
    const { content } = action.payload;
    // A streamed answer's newest version is shown once it is whole.
    const shown =
      content.final || displayMessage.match(action)
        ? withNewestShown(state, content.message_id)
        : state;
    return withMessage(shown, toTranscript(content, 'assistant'));
  }
  if (displayHistory.match(action)) {
    const page = action.payload.content;
    const placed = placePage(state.messages, state.history, {
      page: page.page,
      cursor: page.cursor,
      messages: page.messages.map((m) => toTranscript(m, 'assistant')),
      older: page.older,
      newer: page.newer,
    });
    return { ...state, ...placed };
  }
  if (messagesRemoved.match(action)) {
    const messages = removeMessages(state.messages, action.payload.content.message_ids);
    return messages === state.messages ? state : { ...state, messages };
  }
  if (progress.match(action)) {
    const items = withProgress(state.progress, action.payload.content);
    return items === state.progress ? state : { ...state, progress: items };
  }
  if (researchBox.match(action)) {
    return { ...state, research: withResearchBox(state.research, action.payload.content) };
  }
  if (serverData.match(action)) {
    const box = researchBoxOfData(action.payload.content);
    return box ? { ...state, research: withResearchBox(state.research, box) } : state;
  }
  return state;
}
