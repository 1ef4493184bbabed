import type { TranscriptMessage } from './workspaceSlice';

/**
 * The transcript as an immutable list that stays cheap at 10,000 messages.
 * An entity map copies every key on each insert (quadratic over a history
 * replay); here an append or a streamed update copies one chunk of at most
 * 256 messages, one index bucket and two short outer arrays. Buckets stay
 * small (about 10 ids at 10,000 messages): copying a big one per append made
 * garbage enough for collection pauses to show as slow appends.
 * Every part is frozen as it is made: Immer's auto-freeze then stops at the
 * list instead of walking a new chunk and the 1,024-entry index on each
 * frame (it deep-freezes whatever it finds unfrozen in the state it returns).
 */
const CHUNK_BITS = 8;
const CHUNK_SIZE = 1 << CHUNK_BITS;
const BUCKETS = 1024;

export interface MessageList {
  /** Messages in arrival order, CHUNK_SIZE per chunk. */
  chunks: readonly (readonly TranscriptMessage[])[];
  /** message_id → position, spread over BUCKETS small maps (absent until one holds an id). */
  index: readonly (Readonly<Record<string, number>> | undefined)[];
  size: number;
}

export function emptyMessageList(): MessageList {
  return Object.freeze({
    chunks: Object.freeze([]),
    index: Object.freeze(new Array<undefined>(BUCKETS).fill(undefined)),
    size: 0,
  });
}

/**
 * A bucket without a prototype: an id such as "constructor" or "__proto__"
 * is only a key (state stays plain, serializable data).
 */
function bucket(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

function bucketOf(id: string): number {
  let h = 2166136261; // FNV-1a
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % BUCKETS;
}

export function positionOf(list: MessageList, id: string): number | undefined {
  return list.index[bucketOf(id)]?.[id];
}

export function messageAt(list: MessageList, position: number): TranscriptMessage | undefined {
  return list.chunks[position >> CHUNK_BITS]?.[position & (CHUNK_SIZE - 1)];
}

export function messageById(list: MessageList, id: string): TranscriptMessage | undefined {
  const position = positionOf(list, id);
  return position === undefined ? undefined : messageAt(list, position);
}

/** A new list with the message added at the end, or replacing the one with its id. */
export function upsertMessage(list: MessageList, message: TranscriptMessage): MessageList {
  const id = message.message_id;
  const known = positionOf(list, id);
  const position = known ?? list.size;
  const c = position >> CHUNK_BITS;
  const chunk = (list.chunks[c] ?? []).slice();
  chunk[position & (CHUNK_SIZE - 1)] = message;
  const chunks = list.chunks.slice();
  chunks[c] = Object.freeze(chunk);
  if (known !== undefined) return Object.freeze({ ...list, chunks: Object.freeze(chunks) });
  const b = bucketOf(id);
  const index = list.index.slice();
  index[b] = Object.freeze(Object.assign(bucket(), list.index[b], { [id]: position }));
  return Object.freeze({
    chunks: Object.freeze(chunks),
    index: Object.freeze(index),
    size: position + 1,
  });
}

export function allMessages(list: MessageList): TranscriptMessage[] {
  return list.chunks.flat();
}

/** A list holding these messages in this order (a later duplicate id replaces the earlier). */
export function messageListOf(messages: readonly TranscriptMessage[]): MessageList {
  const chunks: TranscriptMessage[][] = [];
  const index: (Record<string, number> | undefined)[] = new Array<undefined>(BUCKETS).fill(
    undefined,
  );
  let size = 0;
  for (const message of messages) {
    const ids = (index[bucketOf(message.message_id)] ??= bucket());
    const position = ids[message.message_id] ?? size++;
    (chunks[position >> CHUNK_BITS] ??= [])[position & (CHUNK_SIZE - 1)] = message;
    ids[message.message_id] = position;
  }
  chunks.forEach((chunk) => Object.freeze(chunk));
  index.forEach((ids) => ids && Object.freeze(ids));
  return Object.freeze({ chunks: Object.freeze(chunks), index: Object.freeze(index), size });
}

/**
 * Older messages put before the list (a page fetched while scrolling up).
 * Ones the list already holds keep their place. The whole list is rebuilt:
 * pages come once per scroll, not per frame.
 */
export function prependMessages(
  list: MessageList,
  older: readonly TranscriptMessage[],
): MessageList {
  const fresh = older.filter((m) => positionOf(list, m.message_id) === undefined);
  return fresh.length ? messageListOf([...fresh, ...allMessages(list)]) : list;
}

/** Each message upserted in order: a newer page, or the newest page over a list it continues. */
export function upsertMessages(
  list: MessageList,
  messages: readonly TranscriptMessage[],
): MessageList {
  return messages.reduce(upsertMessage, list);
}

/** The list without these messages (an edited question's answers); rebuilt: edits are rare. */
export function removeMessages(list: MessageList, ids: readonly string[]): MessageList {
  const gone = new Set(ids.filter((id) => positionOf(list, id) !== undefined));
  return gone.size ? messageListOf(allMessages(list).filter((m) => !gone.has(m.message_id))) : list;
}
