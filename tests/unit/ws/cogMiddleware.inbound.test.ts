import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cogIn } from '../../../src/ws/cogActions';
import { connectedCogTestStore } from './cogTestStore';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cog middleware: inbound frames', () => {
  it('dispatches a valid frame as cog/in/<typ> with the decoded frame', () => {
    const t = connectedCogTestStore();
    const frame = { typ: 'server.hello', content: { version: '2.1.0' } };
    t.sockets.last().serverSend(JSON.stringify(frame));
    expect(t.actions).toEqual([
      // Auto-batched: bursts of frames notify the UI once per animation frame.
      { type: 'cog/in/server.hello', payload: frame, meta: { RTK_autoBatch: true } },
    ]);
    expect(cogIn('server.hello').match(t.actions[0]!)).toBe(true);
    expect(t.store.getState().connection.serverVersion).toBe('2.1.0');

    t.sockets.last().serverSend('{"typ":"server.heartbeat","content":{"time":"12:00"}}');
    expect(t.store.getState().connection.lastHeartbeat).toBe('12:00');
  });

  it('dispatches malformed JSON as cog/in/invalid and keeps working', () => {
    const t = connectedCogTestStore();
    t.sockets.last().serverSend('{not json');
    expect(t.actions).toHaveLength(1);
    expect(t.actions[0]).toMatchObject({
      type: 'cog/in/invalid',
      payload: { raw: '{not json', reason: expect.stringMatching(/^Malformed JSON: /) },
    });
    t.sockets.last().serverSend('{"typ":"flash.message","content":{"text":"hi"}}');
    expect(t.types()).toEqual(['cog/in/invalid', 'cog/in/flash.message']);
    expect(t.store.getState().connection.status).toBe('connected');
  });

  it('dispatches a frame nested 10,000 deep as cog/in/invalid and keeps working', () => {
    const t = connectedCogTestStore();
    const deep = `{"typ":"flash.message","content":{"text":"x","d":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    t.sockets.last().serverSend(deep);
    expect(t.actions[0]).toMatchObject({
      type: 'cog/in/invalid',
      payload: { reason: 'Frame nested deeper than 64 levels' },
    });
    t.sockets.last().serverSend('{"typ":"flash.message","content":{"text":"hi"}}');
    expect(t.types()).toEqual(['cog/in/invalid', 'cog/in/flash.message']);
  });

  it('dispatches an unknown typ as cog/in/invalid with the typ', () => {
    const t = connectedCogTestStore();
    t.sockets.last().serverSend('{"typ":"no.such.thing","content":{}}');
    expect(t.actions).toEqual([
      {
        type: 'cog/in/invalid',
        payload: {
          reason: 'Unknown message type "no.such.thing"',
          typ: 'no.such.thing',
          raw: '{"typ":"no.such.thing","content":{}}',
        },
      },
    ]);
  });

  it('reports content that fails its schema, and cuts the raw text to 2,000 chars', () => {
    const t = connectedCogTestStore();
    const long = JSON.stringify({ typ: 'flash.message', content: { nope: 'x'.repeat(5000) } });
    t.sockets.last().serverSend(long);
    const payload = (
      t.actions[0] as unknown as { payload: { reason: string; typ: string; raw: string } }
    ).payload;
    expect(t.actions[0]!.type).toBe('cog/in/invalid');
    expect(payload.typ).toBe('flash.message');
    expect(payload.reason).toMatch(/^Invalid flash\.message: text: /);
    expect(payload.raw).toBe(long.slice(0, 2000));
  });

  it('reports a non-text frame as invalid', () => {
    const t = connectedCogTestStore();
    t.sockets.last().serverSend(new ArrayBuffer(4));
    expect(t.actions).toEqual([
      {
        type: 'cog/in/invalid',
        payload: { reason: 'Frame is not text', raw: '[non-text frame: object]' },
      },
    ]);
  });
});
