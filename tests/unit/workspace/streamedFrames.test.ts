import { describe, expect, it } from 'vitest';
import type { ServerContent, ServerTyp } from '../../../protocol';
import { allMessages } from '../../../src/features/workspace/messageList';
import {
  workspaceReducer,
  type WorkspaceState,
} from '../../../src/features/workspace/workspaceSlice';
import { cogConnected, cogIn } from '../../../src/ws/cogActions';

const frame = <T extends ServerTyp>(typ: T, content: ServerContent<T>) =>
  cogIn(typ)({ typ, content } as never);

function reduce(...actions: { type: string }[]): WorkspaceState {
  return actions.reduce(workspaceReducer, workspaceReducer(undefined, { type: 'init' }));
}

describe('the frames a round streams, applied outside Immer', () => {
  it('shows progress per expert until done, and forgets it on reconnect', () => {
    const working = { cid: 'c1', status: 'working-ok' as const, name: 'Lee' };
    let state = reduce(
      frame('server.progress', working),
      frame('server.progress', { cid: 'c2', status: 'working-ok' }),
    );
    expect(Object.keys(state.progress)).toEqual(['c1', 'c2']);
    state = workspaceReducer(state, frame('server.progress', { cid: 'c1', status: 'completed' }));
    // The newer status replaces the last, in place.
    expect(Object.entries(state.progress).map(([cid, p]) => [cid, p.status])).toEqual([
      ['c1', 'completed'],
      ['c2', 'working-ok'],
    ]);
    state = workspaceReducer(state, frame('server.progress', { cid: 'c1', status: 'done' }));
    expect(Object.keys(state.progress)).toEqual(['c2']);
    // 'done' for a round not shown changes nothing, not even the state's identity.
    expect(workspaceReducer(state, frame('server.progress', { cid: 'c9', status: 'done' }))).toBe(
      state,
    );
    expect(workspaceReducer(state, cogConnected({ worldId: 'w' })).progress).toEqual({});
  });

  it('adds research boxes in order and merges a box sent again over the old one', () => {
    const state = reduce(
      frame('display.researchbox', { id: 'r1', title: 'Sources', html: '<p>a</p>' }),
      frame('display.researchbox', { id: 'r2', title: 'More' }),
      frame('display.researchbox', { id: 'r1', html: '<p>b</p>' }),
      frame('server.data', { key: 'researchbox', value: { id: 'r3', title: 'Via data' } }),
      frame('server.data', { key: 'researchbox', value: { title: 'no id' } }),
      frame('server.data', { key: 'other', value: { id: 'r4' } }),
    );
    expect(state.research.ids).toEqual(['r1', 'r2', 'r3']);
    expect(state.research.entities.r1).toEqual({ id: 'r1', title: 'Sources', html: '<p>b</p>' });
    expect(state.research.entities.r3).toEqual({ id: 'r3', title: 'Via data' });
  });

  it('keeps the transcript and what a frame did not touch', () => {
    const before = reduce(
      frame('display.researchbox', { id: 'r1', title: 'Sources' }),
      frame('user.echo', { message_id: 'u1', content: 'Hi' }),
    );
    const after = workspaceReducer(
      before,
      frame('assistant.message', { message_id: 'a1', content: 'Hello', final: false }),
    );
    expect(after.research).toBe(before.research);
    expect(after.progress).toBe(before.progress);
    expect(allMessages(after.messages).map((m) => [m.role, m.name, m.content, m.final])).toEqual([
      ['user', 'You', 'Hi', true],
      ['assistant', 'Expert', 'Hello', false],
    ]);
    // A frame the workspace does not show leaves its state as it was.
    expect(workspaceReducer(after, frame('server.tool.start', { tool_name: 'x' }))).toBe(after);
  });
});
