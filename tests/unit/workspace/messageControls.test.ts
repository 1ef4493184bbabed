import { describe, expect, it } from 'vitest';
import type { ServerContent, ServerTyp } from '../../../protocol';
import { allMessages } from '../../../src/features/workspace/messageList';
import { durationText, relativeTime } from '../../../src/features/workspace/messageTime';
import {
  selectIsEditable,
  selectIsHiddenByEarlierExchange,
  selectRoundRunning,
  selectVersionShown,
} from '../../../src/features/workspace/workspaceSelectors';
import {
  messageVersionShown,
  workspaceReducer,
  type WorkspaceState,
} from '../../../src/features/workspace/workspaceSlice';
import type { RootState } from '../../../src/store/store';
import { cogIn } from '../../../src/ws/cogActions';

/** Client side of the message controls: versions, removal, editability, Stop's state, times. */

const frame = <T extends ServerTyp>(typ: T, content: ServerContent<T>) =>
  cogIn(typ)({ typ, content } as never);

function reduce(...actions: { type: string }[]): WorkspaceState {
  return actions.reduce(workspaceReducer, workspaceReducer(undefined, { type: 'init' }));
}
const root = (workspace: WorkspaceState) => ({ workspace }) as unknown as RootState;

const exchange = [
  frame('server.hello', { userId: 'me' }),
  frame('display.message', { message_id: 'q0', role: 'user', content: 'first', user_id: 'me' }),
  frame('display.message', { message_id: 'a0', role: 'assistant', content: 'one' }),
  frame('display.message', {
    message_id: 'q1',
    role: 'user',
    content: 'second, edited',
    user_id: 'me',
    versions: [{ content: 'second', answers: [{ message_id: 'old', content: 'old answer' }] }],
  }),
  frame('display.message', {
    message_id: 'a1',
    role: 'assistant',
    content: 'two',
    model: 'offline',
    duration_ms: 1200,
    stopped: true,
  }),
];

describe('message controls in the workspace state', () => {
  it('keeps an answer’s details and versions, and removes an edited question’s answers', () => {
    let state = reduce(...exchange);
    const a1 = allMessages(state.messages).find((m) => m.message_id === 'a1');
    expect(a1).toMatchObject({ model: 'offline', duration_ms: 1200, stopped: true });
    state = workspaceReducer(
      state,
      frame('display.messages.removed', { message_ids: ['a1', 'x'] }),
    );
    expect(allMessages(state.messages).map((m) => m.message_id)).toEqual(['q0', 'a0', 'q1']);
  });

  it('lets only the user’s own last question be edited', () => {
    const state = reduce(...exchange);
    expect(selectIsEditable(root(state), 'q1')).toBe(true);
    expect(selectIsEditable(root(state), 'q0')).toBe(false);
    const someoneElse = workspaceReducer(state, frame('server.hello', { userId: 'other' }));
    expect(selectIsEditable(root(someoneElse), 'q1')).toBe(false);
  });

  it('switching the last question to an earlier version hides its current answers', () => {
    let state = reduce(...exchange);
    expect(selectIsHiddenByEarlierExchange(root(state), 'a1')).toBe(false);
    state = workspaceReducer(
      state,
      messageVersionShown({ messageId: 'q1', version: 0, newest: false }),
    );
    expect(selectVersionShown(root(state), 'q1')).toBe(0);
    expect(selectIsHiddenByEarlierExchange(root(state), 'a1')).toBe(true);
    expect(selectIsHiddenByEarlierExchange(root(state), 'a0')).toBe(false);
    // A new version of the question (edited again) shows the newest.
    state = workspaceReducer(state, frame('display.message', { message_id: 'q1', role: 'user' }));
    expect(selectVersionShown(root(state), 'q1')).toBeUndefined();
  });

  it('offers Stop while an expert works, not once it completed or stopped', () => {
    let state = reduce(frame('server.progress', { cid: 'c', status: 'working-ok' }));
    expect(selectRoundRunning(root(state))).toBe(true);
    state = workspaceReducer(state, frame('server.progress', { cid: 'c', status: 'stopped' }));
    expect(selectRoundRunning(root(state))).toBe(false);
  });
});

describe('message times', () => {
  const now = Date.UTC(2026, 0, 10, 12);
  it('says how long ago, short', () => {
    expect(relativeTime(new Date(now - 10_000).toISOString(), now)).toBe('just now');
    expect(relativeTime(new Date(now - 5 * 60_000).toISOString(), now)).toBe('5 min ago');
    expect(relativeTime(new Date(now - 3 * 3600_000).toISOString(), now)).toBe('3 h ago');
    expect(relativeTime(new Date(now - 2 * 86400_000).toISOString(), now)).toBe('2 d ago');
    expect(relativeTime(undefined, now)).toBe('');
  });
  it('says how long an answer took', () => {
    expect(durationText(850)).toBe('850 ms');
    expect(durationText(2400)).toBe('2.4 s');
    expect(durationText(65_000)).toBe('1 min 5 s');
  });
});
