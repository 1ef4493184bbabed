import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CogTransport,
  type CloseInfo,
  type Timers,
  type WebSocketCtor,
} from '../../../src/ws/transport';
import { fakeSockets } from './fakeWebSocket';

// Compile-time checks: the real browser socket and host timers fit the injected types.
const _realSocket: WebSocketCtor = WebSocket;
const _realTimers: Timers = { setTimeout, clearTimeout };
void _realSocket;
void _realTimers;

function setup() {
  const sockets = fakeSockets();
  const events: (string | CloseInfo)[] = [];
  const messages: unknown[] = [];
  const transport = new CogTransport({
    WebSocketImpl: sockets.WebSocketImpl,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    connectTimeoutMs: 8000,
    handlers: {
      onOpen: () => events.push('open'),
      onMessage: (text) => messages.push(text),
      onClose: (info) => events.push(info),
    },
  });
  return { sockets, transport, events, messages };
}

describe('CogTransport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens, sends text and passes messages through', () => {
    const { sockets, transport, events, messages } = setup();
    transport.open('ws://a');
    expect(sockets.last().url).toBe('ws://a');
    expect(transport.isOpen).toBe(false);
    expect(transport.send('early')).toBe(false);

    sockets.last().serverOpen();
    expect(events).toEqual(['open']);
    expect(transport.isOpen).toBe(true);
    expect(transport.send('hello')).toBe(true);
    expect(sockets.last().sent).toEqual(['hello']);

    sockets.last().serverSend('{"typ":"x"}');
    expect(messages).toEqual(['{"typ":"x"}']);
  });

  it('closes and reports code 4008 when not open within the connect timeout', () => {
    const { sockets, transport, events } = setup();
    transport.open('ws://a');
    vi.advanceTimersByTime(7999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sockets.last().closeCalls).toEqual([{ code: 4008, reason: 'Connect timeout' }]);
    expect(events).toEqual([{ code: 4008, reason: 'Connect timeout', wasClean: false }]);
    // The socket's own close event arrives later and is not reported again.
    sockets.last().serverClose(1006);
    expect(events).toHaveLength(1);
    expect(transport.isOpen).toBe(false);
  });

  it('clears the connect timer once open', () => {
    const { sockets, transport, events } = setup();
    transport.open('ws://a');
    sockets.last().serverOpen();
    vi.advanceTimersByTime(60_000);
    expect(events).toEqual(['open']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a close once per socket', () => {
    const { sockets, transport, events } = setup();
    transport.open('ws://a');
    sockets.last().serverOpen();
    sockets.last().serverClose(1011, 'boom', false);
    sockets.last().serverClose(1000, 'again', true);
    expect(events).toEqual(['open', { code: 1011, reason: 'boom', wasClean: false }]);
    expect(transport.send('x')).toBe(false);
  });

  it('reports a requested close at once and ignores the later socket event', () => {
    const { sockets, transport, events } = setup();
    transport.open('ws://a');
    sockets.last().serverOpen();
    transport.close(1000, 'bye');
    expect(sockets.last().closeCalls).toEqual([{ code: 1000, reason: 'bye' }]);
    expect(events).toEqual(['open', { code: 1000, reason: 'bye', wasClean: true }]);
    sockets.last().serverClose(1000, 'bye', true);
    expect(events).toHaveLength(2);
    transport.close(); // nothing left to close
    expect(events).toHaveLength(2);
  });

  it('ignores a stale socket after a new open()', () => {
    const { sockets, transport, events, messages } = setup();
    transport.open('ws://a');
    const stale = sockets.last();
    transport.open('ws://b');
    const fresh = sockets.last();
    expect(stale.closeCalls).toEqual([{ code: 1000, reason: 'Replaced' }]);

    stale.serverOpen();
    stale.serverSend('stale');
    stale.serverClose(1006);
    expect(events).toEqual([]);
    expect(messages).toEqual([]);

    fresh.serverOpen();
    expect(events).toEqual(['open']);
    // The stale socket's connect timer was cleared too.
    vi.advanceTimersByTime(60_000);
    expect(events).toEqual(['open']);
  });

  it('reports a close when the socket cannot even be constructed', () => {
    const events: CloseInfo[] = [];
    const transport = new CogTransport({
      WebSocketImpl: class {
        constructor() {
          throw new SyntaxError('bad url');
        }
      } as unknown as WebSocketCtor,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      connectTimeoutMs: 8000,
    });
    transport.setHandlers({ onClose: (info) => events.push(info) });
    transport.open('not a url');
    expect(events).toEqual([{ code: 1006, reason: 'bad url', wasClean: false }]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
