import type { ClientContent, ServerContent } from '../../../protocol';
import { cogSend, type OutgoingMessage } from '../../ws/cogActions';
import {
  messageAt,
  messageListOf,
  positionOf,
  prependMessages,
  upsertMessages,
  type MessageList,
} from './messageList';
import type { TranscriptMessage } from './workspaceSlice';

/** Messages per display.history page: a screen or two, enough to scroll into before the next. */
export const HISTORY_PAGE = 50;

/** Asks for one page: the newest, or the one before / after / around a message (one cursor at most). */
export function historyPageAsked(
  cursor: { before?: string; after?: string; around?: string } = {},
) {
  return cogSend('display.messages', { limit: HISTORY_PAGE, ...cursor });
}

/** Where the loaded messages sit in the stored transcript. */
export interface TranscriptHistory {
  /** More messages are stored before the first one loaded / after the last one. */
  older: boolean;
  newer: boolean;
  /** The page asked for and not here yet (one at a time). */
  loading: 'older' | 'newer' | 'view' | null;
  /**
   * Counts the pages that moved the reader somewhere else (the newest page
   * over an empty or unrelated list, a jump): the transcript scrolls to
   * `focus`, or to the end, each time it changes.
   */
  view: number;
  /** The message a jump landed on, shown marked; null at the newest page. */
  focus: string | null;
  /**
   * The list last grew by a newer page (not a live message): the transcript
   * does not follow it to the end, the reader stays on what they read.
   */
  pagedForward: boolean;
}

export const emptyHistory: TranscriptHistory = {
  older: false,
  newer: false,
  loading: null,
  view: 0,
  focus: null,
  pagedForward: false,
};

/** The page a frame about to be sent asks for, if it asks for one. */
export function historyPageRequested(m: OutgoingMessage): TranscriptHistory['loading'] | undefined {
  if (m.typ !== 'display.messages') return undefined;
  const c = m.content as ClientContent<'display.messages'>;
  if (c.limit === undefined) return undefined;
  return c.before ? 'older' : c.after ? 'newer' : 'view';
}

type HistoryFrame = ServerContent<'display.history'>;

/** A display.history page with its messages as the transcript holds them. */
export interface Page {
  page: HistoryFrame['page'];
  cursor?: string | undefined;
  messages: TranscriptMessage[];
  older: boolean;
  newer: boolean;
}

/**
 * A display.history page placed in the loaded list. A page fetched while
 * scrolling joins its end of the list only if the list still ends at the
 * message it was asked from (else the list was replaced meanwhile and the
 * page is dropped). The newest page continues the list when it overlaps it
 * (a reconnect) and replaces it otherwise; a page around a message replaces it.
 */
export function placePage(
  list: MessageList,
  history: TranscriptHistory,
  page: Page,
): { messages: MessageList; history: TranscriptHistory } {
  const done = { ...history, loading: null, pagedForward: false };
  switch (page.page) {
    case 'before':
      if (page.cursor !== messageAt(list, 0)?.message_id) return { messages: list, history: done };
      return {
        messages: prependMessages(list, page.messages),
        history: { ...done, older: page.older },
      };
    case 'after':
      if (page.cursor !== messageAt(list, list.size - 1)?.message_id)
        return { messages: list, history: done };
      return {
        messages: upsertMessages(list, page.messages),
        history: { ...done, newer: page.newer, pagedForward: true },
      };
    case 'latest': {
      const first = page.messages[0];
      const continues =
        list.size > 0 &&
        !history.newer &&
        (first === undefined || positionOf(list, first.message_id) !== undefined);
      if (continues) return { messages: upsertMessages(list, page.messages), history: done };
      return {
        messages: messageListOf(page.messages),
        history: { ...emptyHistory, older: page.older, view: history.view + 1 },
      };
    }
    case 'around':
      return {
        messages: messageListOf(page.messages),
        history: {
          ...emptyHistory,
          older: page.older,
          newer: page.newer,
          view: history.view + 1,
          focus: page.cursor ?? null,
        },
      };
  }
}
