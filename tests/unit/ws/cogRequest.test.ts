import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ServerFrame } from '../../../protocol';
import { cogConnectRequested, cogRequest } from '../../../src/ws/cogActions';
import { requestFrame } from '../../../src/ws/cogMiddleware';
import { connectedCogTestStore, makeCogTestStore, makeConcatCogTestStore } from './cogTestStore';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The last frame the client wrote. */
function lastSent(t: ReturnType<typeof connectedCogTestStore>) {
  const frames = t.sockets.last().frames();
  return frames[frames.length - 1]!;
}

describe('cogRequest', () => {
  it('returns a promise typed as the response frame', async () => {
    const t = connectedCogTestStore();
    const pending = t.store.dispatch(cogRequest('command.list', {}, { timeoutMs: 1000 }));
    expectTypeOf(pending).toEqualTypeOf<Promise<ServerFrame>>();
    t.sockets.last().serverSend('{"typ":"command.list.response","content":{"commands":[]}}');
    const frame = await pending;
    expectTypeOf(frame).toEqualTypeOf<ServerFrame>();
    expect(frame.typ).toBe('command.list.response');
  });

  it('is settled by the request id the reply carries', async () => {
    const t = connectedCogTestStore();
    const first = t.store.dispatch(
      cogRequest('workspace.expert.add', { expert_id: 'e1' }, { timeoutMs: 5000 }),
    );
    const firstId = lastSent(t).envelope?.requestId as string;
    const second = t.store.dispatch(
      cogRequest('workspace.expert.add', { expert_id: 'e2' }, { timeoutMs: 5000 }),
    );
    const sent = lastSent(t);
    const secondId = sent.envelope?.requestId as string;
    expect(sent).toMatchObject({
      typ: 'workspace.expert.add',
      content: { expert_id: 'e2' },
      envelope: { requestId: secondId, browserID: 'browser-1' },
      requestid: secondId,
    });
    expect(t.types()).toEqual([
      'cog/request',
      'cog/out/workspace.expert.add',
      'cog/request',
      'cog/out/workspace.expert.add',
    ]);

    // The reply to the second (newer) request arrives first; the id decides, not the order.
    const reply = {
      typ: 'workspace.expert.add.response',
      content: { request_id: secondId, status: 'success' },
    };
    t.sockets.last().serverSend(JSON.stringify(reply));
    await expect(second).resolves.toEqual(reply);
    t.sockets
      .last()
      .serverSend(
        JSON.stringify({ typ: 'server.error', content: { error: 'nope' }, requestid: firstId }),
      );
    await expect(first).resolves.toMatchObject({ typ: 'server.error' });
    // The request timers are gone; only the UI's batched notification (auto-batched frames) waits.
    vi.advanceTimersByTime(100);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is settled by response typ, oldest request first, when no id matches', async () => {
    const t = connectedCogTestStore();
    const a = t.store.dispatch(cogRequest('command.list', {}, { timeoutMs: 30_000 }));
    const b = t.store.dispatch(cogRequest('command.list', {}, { timeoutMs: 30_000 }));
    t.sockets.last().serverSend('{"typ":"command.list.error","content":{"error":"first"}}');
    await expect(a).resolves.toMatchObject({
      typ: 'command.list.error',
      content: { error: 'first' },
    });
    t.sockets.last().serverSend('{"typ":"command.list.response","content":{"commands":[]}}');
    await expect(b).resolves.toMatchObject({ typ: 'command.list.response' });
  });

  it('honours custom response typs', async () => {
    const t = connectedCogTestStore();
    const p = t.store.dispatch(
      cogRequest(
        'page.display',
        { path: '/x' },
        { timeoutMs: 5000, responseTyps: ['page.display'] },
      ),
    );
    t.sockets.last().serverSend('{"typ":"page.display","content":{"status":"ok"}}');
    await expect(p).resolves.toMatchObject({ typ: 'page.display', content: { status: 'ok' } });
  });

  it('rejects on timeout with the default and custom texts, and ignores a late reply', async () => {
    const t = connectedCogTestStore();
    const op = t.store.dispatch(cogRequest('workspace.update', { name: 'n' }, { timeoutMs: 5000 }));
    const lateId = lastSent(t).envelope?.requestId as string;
    const assertion = expect(op).rejects.toThrow('Operation timeout after 5000ms');
    vi.advanceTimersByTime(5000);
    await assertion;

    const cmd = t.store.dispatch(
      cogRequest(
        'command.execute',
        { commandId: 'c' },
        {
          timeoutMs: 30_000,
          timeoutMessage: 'Request timed out',
        },
      ),
    );
    const cmdAssertion = expect(cmd).rejects.toThrow('Request timed out');
    vi.advanceTimersByTime(30_000);
    await cmdAssertion;

    // A reply to the timed-out request must not settle a newer one of the same typ.
    const newer = t.store.dispatch(
      cogRequest('workspace.update', { name: 'm' }, { timeoutMs: 5000 }),
    );
    t.sockets.last().serverSend(
      JSON.stringify({
        typ: 'workspace.update.response',
        content: { request_id: lateId, status: 'success' },
      }),
    );
    const newerAssertion = expect(newer).rejects.toThrow('Operation timeout after 5000ms');
    vi.advanceTimersByTime(5000);
    await newerAssertion;
  });

  it("rejects at once with 'WebSocket not connected' when required and closed", async () => {
    const t = makeCogTestStore();
    const p = t.store.dispatch(
      cogRequest('command.list', {}, { timeoutMs: 30_000, requireConnected: true }),
    );
    await expect(p).rejects.toThrow('WebSocket not connected');
    expect(vi.getTimerCount()).toBe(0);
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverOpen();
    expect(
      t.sockets
        .last()
        .frames()
        .map((f) => f.typ),
    ).toEqual(['client.hello']);
  });

  it('queues a request while closed and settles it after connect', async () => {
    const t = makeCogTestStore();
    const p = t.store.dispatch(cogRequest('command.list', {}, { timeoutMs: 30_000 }));
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverOpen();
    const sent = lastSent(t);
    expect(sent.typ).toBe('command.list');
    t.sockets.last().serverSend(
      JSON.stringify({
        typ: 'command.list.response',
        content: { commands: [] },
        envelope: { requestId: sent.envelope?.requestId },
      }),
    );
    await expect(p).resolves.toMatchObject({ typ: 'command.list.response' });
  });

  it('works through requestFrame when the middleware is concatenated after the defaults', async () => {
    const t = makeConcatCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverOpen();
    const p = requestFrame(t.store.dispatch, 'command.list', {}, { timeoutMs: 1000 });
    expectTypeOf(p).toEqualTypeOf<Promise<ServerFrame>>();
    t.sockets.last().serverSend('{"typ":"command.list.response","content":{"commands":[]}}');
    await expect(p).resolves.toMatchObject({ typ: 'command.list.response' });
  });
});
