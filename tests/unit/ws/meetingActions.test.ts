import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../../src/features/workspace/messageList';
import {
  selectMessageList,
  selectResearchBoxes,
} from '../../../src/features/workspace/workspaceSelectors';
import { cogConnectRequested, cogSend } from '../../../src/ws/cogActions';
import { makeTestStore } from '../testStore';

/**
 * DESIGN §3 on the app's real store: a whole meeting, as Redux DevTools shows
 * it, is one action per socket event, in order, each carrying its frame.
 *
 * The inbound frames are those the server sends in one round (captured from
 * server/meeting with the offline engine; the research box is the shape
 * reporter.ts sends for drive_search), written as the server writes them.
 */
const ANSWER_ID = '3fbe6a6e-a29c-42e5-ba2e-772c2ec157aa';
const ECHO_ID = '443b8259-aaa9-4ad4-89cc-9e1cb11aa74c';
const CID = 'librarian-443b8259';
const EXPERT = {
  name: 'Librarian Lee',
  keywords: ['documents', 'research', 'knowledge base', 'drives', 'citations', 'policies'],
  role: 'assistant',
  expert_id: 'librarian',
};

const serverFrames = [
  {
    typ: 'server.hello',
    content: { version: '1.0.0', time: '2026-11-22T14:42:42.919Z', worldId: 'innovation-lab' },
  },
  {
    typ: 'user.echo',
    content: {
      message_id: ECHO_ID,
      role: 'user',
      name: 'Administrator',
      content: 'What does our travel policy say about hotels?',
      created_at: '2026-11-22T14:42:42.927Z',
    },
  },
  {
    typ: 'server.progress',
    content: { cid: CID, status: 'working-ok', name: 'Librarian Lee' },
  },
  {
    typ: 'server.trace',
    content: {
      key: 'Librarian Lee · offline plan',
      value: { question: 'docs', answeringAs: 'docs' },
    },
  },
  {
    typ: 'server.tool.start',
    content: { tool_name: 'drive_search', expert: 'Librarian Lee' },
  },
  {
    typ: 'server.tool.complete',
    content: { tool_name: 'drive_search', expert: 'Librarian Lee' },
  },
  {
    typ: 'display.researchbox',
    content: {
      id: `${ANSWER_ID}-1`,
      name: 'drive_search',
      title: 'Documents for "travel policy hotels"',
      html:
        '<ol><li><p><a href="/w/innovation-lab/drives/policies/view?path=travel.md">' +
        'policies/travel.md</a> <small>score 0.82</small></p>' +
        '<blockquote>Hotels up to 180 EUR a night.</blockquote></li></ol>',
    },
  },
  {
    typ: 'assistant.message',
    content: {
      message_id: ANSWER_ID,
      ...EXPERT,
      content: 'Hotels are paid up to 180 EUR a night',
      final: false,
    },
  },
  {
    typ: 'assistant.message',
    content: {
      message_id: ANSWER_ID,
      ...EXPERT,
      content: 'Hotels are paid up to 180 EUR a night.\n\n_Source: policies/travel.md_',
      final: true,
    },
  },
  {
    typ: 'server.progress',
    content: { cid: CID, status: 'completed', name: 'Librarian Lee' },
  },
  { typ: 'server.progress', content: { cid: CID, status: 'done' } },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Actions of the socket (cog/...), without the app's own intents. */
const socketActions = (actions: UnknownAction[]) =>
  actions.filter((a) => /^cog\/(in|out)\/|^cog\/(connecting|connected)$/.test(a.type));

describe('a whole meeting, as actions', () => {
  it('is one action per socket event, in order, each carrying its frame', () => {
    const { store, sockets, actions } = makeTestStore();

    store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
    const socket = sockets.last();
    socket.serverOpen();
    store.dispatch(
      cogSend('user.message', { text: 'What does our travel policy say about hotels?' }),
    );
    for (const frame of serverFrames) socket.serverSend(JSON.stringify(frame));

    const seen = socketActions(actions);
    expect(seen.map((a) => a.type)).toEqual([
      'cog/connecting',
      'cog/connected',
      'cog/out/client.hello',
      'cog/out/user.message',
      'cog/in/server.hello',
      'cog/in/user.echo',
      'cog/in/server.progress',
      'cog/in/server.trace',
      'cog/in/server.tool.start',
      'cog/in/server.tool.complete',
      'cog/in/display.researchbox',
      'cog/in/assistant.message',
      'cog/in/assistant.message',
      'cog/in/server.progress',
      'cog/in/server.progress',
    ]);

    // Lifecycle actions say where and which world.
    expect(seen[0]!.payload).toEqual({
      url: 'ws://emgen.test/api/ws/cog?worldId=innovation-lab',
      attempt: 0,
    });
    expect(seen[1]!.payload).toEqual({ worldId: 'innovation-lab' });

    // Outbound actions carry exactly the frame written to the socket.
    const written = socket.frames();
    expect(written.map((f) => f.typ)).toEqual(['client.hello', 'user.message']);
    expect(seen[2]!.payload).toEqual(written[0]);
    expect(seen[3]!.payload).toEqual(written[1]);
    expect(seen[3]!.payload).toEqual({
      typ: 'user.message',
      content: { text: 'What does our travel policy say about hotels?' },
      envelope: { browserID: 'b-test' },
    });

    // Inbound actions carry the frame as the server sent it, whole.
    expect(seen.slice(4).map((a) => a.payload)).toEqual(serverFrames);

    // The meeting reached the state the screens render from.
    const state = store.getState();
    expect(state.connection).toMatchObject({ status: 'connected', serverVersion: '1.0.0' });
    expect(allMessages(selectMessageList(state)).map((m) => [m.role, m.content])).toEqual([
      ['user', 'What does our travel policy say about hotels?'],
      ['assistant', 'Hotels are paid up to 180 EUR a night.\n\n_Source: policies/travel.md_'],
    ]);
    expect(selectResearchBoxes(state).map((b) => b.title)).toEqual([
      'Documents for "travel policy hotels"',
    ]);
    // 'done' ends the expert's progress indicator.
    expect(state.workspace.progress).toEqual({});
  });

  it('reports each invalid frame as cog/in/invalid with its reason, and the meeting goes on', () => {
    const { store, sockets, actions } = makeTestStore();
    store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
    const socket = sockets.last();
    socket.serverOpen();
    const from = actions.length;

    socket.serverSend('{"typ":"user.echo"'); // not JSON
    socket.serverSend('{"typ":"meeting.teleport","content":{}}'); // unknown typ
    socket.serverSend('{"typ":"assistant.message","content":{"message_id":7,"content":"x"}}');
    socket.serverSend('{"typ":"server.tool.start","content":{"tool_name":["drive_search"]}}');
    socket.serverSend('{"content":{}}'); // no typ
    socket.serverSend(new ArrayBuffer(8)); // binary
    socket.serverSend(JSON.stringify(serverFrames[1])); // then a good frame

    const seen = actions.slice(from);
    expect(seen.map((a) => a.type)).toEqual([
      ...Array<string>(6).fill('cog/in/invalid'),
      'cog/in/user.echo',
    ]);
    const payloads = seen.slice(0, 6).map((a) => a.payload as Record<string, unknown>);
    expect(payloads[0]).toMatchObject({
      reason: expect.stringMatching(/^Malformed JSON: /),
      raw: '{"typ":"user.echo"',
    });
    expect(payloads[1]).toEqual({
      reason: 'Unknown message type "meeting.teleport"',
      typ: 'meeting.teleport',
      raw: '{"typ":"meeting.teleport","content":{}}',
    });
    expect(payloads[2]).toMatchObject({
      typ: 'assistant.message',
      reason: expect.stringMatching(/^Invalid assistant\.message: message_id: /),
    });
    expect(payloads[3]).toMatchObject({
      typ: 'server.tool.start',
      reason: expect.stringMatching(/^Invalid server\.tool\.start: tool_name: /),
    });
    expect(payloads[4]).toMatchObject({ reason: expect.any(String), raw: '{"content":{}}' });
    expect(payloads[5]).toEqual({ reason: 'Frame is not text', raw: '[non-text frame: object]' });

    // Nothing of the bad frames reached the transcript; the good one did; the socket is still up.
    const state = store.getState();
    expect(allMessages(selectMessageList(state)).map((m) => m.message_id)).toEqual([ECHO_ID]);
    expect(state.connection.status).toBe('connected');
    store.dispatch(cogSend('user.message', { text: 'Still there?' }));
    expect(socket.frames().map((f) => f.typ)).toEqual(['client.hello', 'user.message']);
  });
});
