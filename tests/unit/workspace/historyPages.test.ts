import { describe, expect, it } from 'vitest';
import type { ServerContent } from '../../../protocol';
import { HISTORY_PAGE } from '../../../src/features/workspace/history';
import {
  allMessages,
  messageById,
  messageListOf,
  prependMessages,
} from '../../../src/features/workspace/messageList';
import {
  workspaceOpened,
  workspaceReducer,
  type WorkspaceState,
} from '../../../src/features/workspace/workspaceSlice';
import { cogConnected, cogIn, cogSend } from '../../../src/ws/cogActions';

/** The transcript's pages as the browser places them (the server side: tests/server/meeting/historyPages). */

const idOf = (i: number) => `m${i}`;
const msg = (i: number) => ({
  message_id: idOf(i),
  role: i % 2 ? ('assistant' as const) : ('user' as const),
  name: i % 2 ? 'Ada Quant' : 'Administrator',
  content: `message ${i}`,
  final: true,
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => msg(from + k));

function history(content: Partial<ServerContent<'display.history'>>) {
  return cogIn('display.history')({
    typ: 'display.history',
    content: { page: 'latest', messages: [], older: false, newer: false, ...content },
  } as never);
}
const ids = (s: WorkspaceState) => allMessages(s.messages).map((m) => m.message_id);
const opened = () => workspaceReducer(undefined, workspaceOpened({ workspaceId: 'ws' }));

describe('transcript pages in the browser', () => {
  it('the newest page fills an empty transcript and sends the reader to its end', () => {
    const s = workspaceReducer(
      opened(),
      history({
        messages: range(150, 200),
        older: true,
        researchboxes: [{ id: 'r1', title: 'Sources' }],
        traces: [{ key: 'step', value: 1 }],
      }),
    );
    expect(ids(s)).toEqual(range(150, 200).map((m) => m.message_id));
    expect(s.history).toMatchObject({ older: true, newer: false, view: 1, focus: null });
    expect(s.research.ids).toEqual(['r1']);
    expect(s.traces).toEqual([{ key: 'step', value: 1 }]);
  });

  it('an older page goes before the first message; the view stays where the reader is', () => {
    let s = workspaceReducer(opened(), history({ messages: range(150, 200), older: true }));
    s = workspaceReducer(s, cogSend('display.messages', { limit: 50, before: idOf(150) }));
    expect(s.history.loading).toBe('older');
    s = workspaceReducer(
      s,
      history({
        page: 'before',
        cursor: idOf(150),
        messages: range(100, 150),
        older: false,
        newer: true,
      }),
    );
    expect(ids(s)).toEqual(range(100, 200).map((m) => m.message_id));
    expect(s.history).toMatchObject({ older: false, loading: null, view: 1 });
    expect(messageById(s.messages, idOf(120))?.content).toBe('message 120');
  });

  it('a page asked from a message that is no longer first (the list was replaced) is dropped', () => {
    let s = workspaceReducer(opened(), history({ messages: range(150, 200), older: true }));
    s = workspaceReducer(
      s,
      history({
        page: 'before',
        cursor: idOf(120),
        messages: range(70, 120),
        older: true,
        newer: true,
      }),
    );
    expect(ids(s)).toEqual(range(150, 200).map((m) => m.message_id));
    expect(s.history.older).toBe(true);
  });

  it('on reconnect the newest page continues the loaded messages, older pages kept, the reader not moved', () => {
    let s = workspaceReducer(opened(), history({ messages: range(150, 200), older: true }));
    s = workspaceReducer(
      s,
      history({
        page: 'before',
        cursor: idOf(150),
        messages: range(100, 150),
        older: true,
        newer: true,
      }),
    );
    s = workspaceReducer(s, cogConnected({ worldId: 'w' }));
    s = workspaceReducer(s, history({ messages: range(160, 210), older: true }));
    expect(ids(s)).toEqual(range(100, 210).map((m) => m.message_id));
    expect(s.history.view).toBe(1);
  });

  it('the newest page after a gap (many messages missed) replaces the list', () => {
    let s = workspaceReducer(opened(), history({ messages: range(150, 200), older: true }));
    s = workspaceReducer(s, history({ messages: range(400, 450), older: true }));
    expect(ids(s)).toEqual(range(400, 450).map((m) => m.message_id));
    expect(s.history.view).toBe(2);
  });

  it('a jump shows the page around a message, marks it, and live messages wait for the newer pages', () => {
    let s = workspaceReducer(opened(), history({ messages: range(150, 200), older: true }));
    s = workspaceReducer(
      s,
      history({
        page: 'around',
        cursor: idOf(60),
        messages: range(35, 85),
        older: true,
        newer: true,
      }),
    );
    expect(ids(s)).toEqual(range(35, 85).map((m) => m.message_id));
    expect(s.history).toMatchObject({ focus: idOf(60), newer: true, view: 2 });
    // A live answer would sit after a gap: not added while newer messages are unloaded.
    s = workspaceReducer(
      s,
      cogIn('assistant.message')({
        typ: 'assistant.message',
        content: { message_id: 'live', name: 'Chrono', content: 'now', final: true },
      } as never),
    );
    expect(messageById(s.messages, 'live')).toBeUndefined();
    // Paging forward reaches the newest; from then on live messages are added.
    s = workspaceReducer(
      s,
      history({
        page: 'after',
        cursor: idOf(84),
        messages: range(85, 201),
        older: true,
        newer: false,
      }),
    );
    // The page is not followed to the end (the reader stays put); a live message is.
    expect(s.history).toMatchObject({ newer: false, pagedForward: true });
    s = workspaceReducer(
      s,
      cogIn('assistant.message')({
        typ: 'assistant.message',
        content: { message_id: 'live', name: 'Chrono', content: 'now', final: true },
      } as never),
    );
    expect(ids(s).at(-1)).toBe('live');
    expect(s.history.pagedForward).toBe(false);
  });

  it('the newest page asked for from a jump replaces the stretch and unmarks the message', () => {
    let s = workspaceReducer(
      opened(),
      history({
        page: 'around',
        cursor: idOf(60),
        messages: range(35, 85),
        older: true,
        newer: true,
      }),
    );
    s = workspaceReducer(s, cogSend('display.messages', { limit: HISTORY_PAGE }));
    expect(s.history.loading).toBe('view');
    s = workspaceReducer(s, history({ messages: range(150, 200), older: true }));
    expect(ids(s)[0]).toBe(idOf(150));
    expect(s.history).toMatchObject({ focus: null, newer: false, loading: null });
  });

  it('a dropped socket clears the page under way (the connect asks again)', () => {
    let s = workspaceReducer(opened(), history({ messages: range(150, 200), older: true }));
    s = workspaceReducer(s, cogSend('display.messages', { limit: 50, before: idOf(150) }));
    s = workspaceReducer(s, cogConnected({ worldId: 'w' }));
    expect(s.history.loading).toBeNull();
  });
});

describe('message list building', () => {
  it('messageListOf keeps order and lets a later duplicate replace the earlier', () => {
    const list = messageListOf([
      msg(1),
      msg(2),
      { ...msg(1), content: 'edited' },
      ...range(3, 600),
    ]);
    expect(list.size).toBe(599);
    expect(messageById(list, idOf(1))?.content).toBe('edited');
    expect(allMessages(list)[598]?.message_id).toBe(idOf(599));
  });

  it('prependMessages skips messages the list holds and returns the same list when nothing is new', () => {
    const list = messageListOf(range(10, 20));
    expect(prependMessages(list, range(10, 12))).toBe(list);
    const longer = prependMessages(list, range(5, 12));
    expect(allMessages(longer).map((m) => m.message_id)).toEqual(
      range(5, 20).map((m) => m.message_id),
    );
  });
});
