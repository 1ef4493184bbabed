import { describe, expect, it } from 'vitest';
import { AudioSocket, type AudioSocketHandlers } from '../../../src/ws/audioSocket';
import { audioSocketUrl } from '../../../src/ws/audioUrl';
import { CONNECT_TIMEOUT_CODE } from '../../../src/ws/transport';
import { fakeAudioSockets, manualTimers } from './fakeAudio';

function setup() {
  const sockets = fakeAudioSockets();
  const timers = manualTimers();
  const events: unknown[] = [];
  const handlers: AudioSocketHandlers = {
    onOpen: () => events.push('open'),
    onReply: (r) => events.push(r),
    onInvalid: (reason) => events.push({ invalid: reason }),
    onClose: (info) => events.push({ close: info.code, reason: info.reason }),
  };
  const socket = new AudioSocket(
    { WebSocketImpl: sockets.WebSocketImpl, ...timers, connectTimeoutMs: 1000 },
    handlers,
  );
  socket.open('ws://h/ws/audio');
  return { socket, fake: sockets.last(), timers, events };
}

describe('audioSocketUrl', () => {
  it('is /ws/audio beside the page with worldId and browser, wss under https', () => {
    expect(
      audioSocketUrl({ protocol: 'http:', host: 'h:8080' }, { worldId: 'w 1', browserId: 'b' }),
    ).toBe('ws://h:8080/ws/audio?worldId=w+1&browser=b');
    expect(
      audioSocketUrl({ protocol: 'https:', host: 'h' }, { worldId: 'w', browserId: 'b' }),
    ).toMatch(/^wss:\/\/h\/ws\/audio\?/);
  });
});

describe('AudioSocket', () => {
  it('sends binary chunks and the end marker only while open', () => {
    const { socket, fake, events } = setup();
    expect(socket.sendChunk(new ArrayBuffer(4))).toBe(false);
    fake.serverOpen();
    expect(events).toEqual(['open']);
    expect(socket.sendChunk(new ArrayBuffer(4096))).toBe(true);
    expect(socket.sendEnd()).toBe(true);
    expect(fake.sent[0]).toBeInstanceOf(ArrayBuffer);
    expect(fake.sent[1]).toBe('{"type":"end"}');
  });

  it('passes AudioReply frames on and reports anything else as invalid', () => {
    const { fake, events } = setup();
    fake.serverOpen();
    fake.serverSend({ text: 'go', isFinal: false });
    fake.serverSend({ error: 'nope' });
    fake.serverSend({ text: 3 });
    fake.onmessage?.({ data: new ArrayBuffer(2) });
    fake.serverSend('{');
    expect(events.slice(1)).toEqual([
      { text: 'go', isFinal: false },
      { error: 'nope' },
      { invalid: expect.stringContaining('not text or an error') },
      { invalid: expect.stringContaining('binary') },
      { invalid: expect.stringContaining('not JSON') },
    ]);
  });

  it('times out a socket that never opens, and reports its close once', () => {
    const { fake, timers, events } = setup();
    timers.fire(1000);
    expect(fake.closeCalls).toEqual([{ code: CONNECT_TIMEOUT_CODE, reason: 'Connect timeout' }]);
    fake.serverClose(1006);
    expect(events).toEqual([{ close: CONNECT_TIMEOUT_CODE, reason: 'Connect timeout' }]);
  });

  it('a deliberate close is reported at once and later events are ignored', () => {
    const { socket, fake, events, timers } = setup();
    fake.serverOpen();
    expect(timers.pending()).toEqual([]);
    socket.close(1000, 'done');
    fake.serverSend({ text: 'late', isFinal: true });
    fake.serverClose(1006);
    expect(events).toEqual(['open', { close: 1000, reason: 'done' }]);
    expect(socket.isOpen).toBe(false);
  });
});
