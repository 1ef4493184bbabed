import { describe, expect, it } from 'vitest';
import {
  connectionReducer,
  initialConnectionState,
  selectCogContext,
  selectCogInit,
  selectConnectionStatus,
  selectConnectionWorldId,
  selectIsConnected,
} from '../../../src/ws/connectionSlice';
import {
  cogConnected,
  cogConnecting,
  cogContextSet,
  cogDisconnected,
  cogGaveUp,
  cogIn,
  cogInitRegistered,
  cogInitUnregistered,
  cogRetryScheduled,
} from '../../../src/ws/cogActions';

const reduce = (...actions: Parameters<typeof connectionReducer>[1][]) =>
  actions.reduce(connectionReducer, initialConnectionState);

describe('connection slice', () => {
  it('follows the socket lifecycle', () => {
    const state = reduce(
      cogConnecting({ url: 'ws://x', attempt: 0 }),
      cogConnected({ worldId: 'w1' }),
      cogDisconnected({ code: 1006, reason: 'lost', wasClean: false, willRetry: true }),
      cogRetryScheduled({ attempt: 1, delayMs: 3000 }),
    );
    expect(state).toMatchObject({
      status: 'disconnected',
      worldId: 'w1',
      attempt: 1,
      lastCloseCode: 1006,
      lastReason: 'lost',
    });
    const root = { connection: state };
    expect(selectConnectionStatus(root)).toBe('disconnected');
    expect(selectIsConnected(root)).toBe(false);
    expect(selectConnectionWorldId(root)).toBe('w1');

    const gaveUp = connectionReducer(state, cogGaveUp({ attempts: 5, reason: 'nope' }));
    expect(gaveUp).toMatchObject({ status: 'gaveUp', lastReason: 'nope' });
    expect(selectIsConnected({ connection: reduce(cogConnected({ worldId: 'w' })) })).toBe(true);
  });

  it('keeps context values and init frames', () => {
    const frames = [{ typ: 'display.experts' as const, content: {} }];
    const state = reduce(
      cogContextSet({ key: 'a', value: 1 }),
      cogContextSet({ key: 'a', value: 2 }),
      cogInitRegistered({ key: 'chat', frames }),
      cogInitRegistered({ key: 'dash', frames }),
      cogInitUnregistered({ key: 'dash' }),
    );
    expect(selectCogContext({ connection: state })).toEqual({ a: 2 });
    expect(selectCogInit({ connection: state })).toEqual({ chat: frames });
  });

  it('records the server version and heartbeat', () => {
    const state = reduce(
      cogIn('server.hello')({ typ: 'server.hello', content: { version: '1.2.3' } }),
      cogIn('server.heartbeat')({ typ: 'server.heartbeat', content: { time: 42 } }),
    );
    expect(state).toMatchObject({ serverVersion: '1.2.3', lastHeartbeat: 42 });
  });

  it('keeps the state as it is for a heartbeat of the same time, and takes one from nothing', () => {
    const beat = (time: string) =>
      cogIn('server.heartbeat')({ typ: 'server.heartbeat', content: { time } });
    const once = connectionReducer(initialConnectionState, beat('12:00'));
    expect(once).not.toBe(initialConnectionState);
    expect(connectionReducer(once, beat('12:00'))).toBe(once);
    expect(connectionReducer(once, beat('12:01'))).toEqual({ ...once, lastHeartbeat: '12:01' });
    expect(connectionReducer(undefined, beat('12:00'))).toEqual({
      ...initialConnectionState,
      lastHeartbeat: '12:00',
    });
  });
});
