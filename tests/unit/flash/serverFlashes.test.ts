import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  flashDismissed,
  flashShown,
  selectCurrentFlash,
} from '../../../src/features/flash/flashSlice';
import { applyLanguage } from '../../../src/i18n/i18n';
import { cogConnectRequested } from '../../../src/ws/cogActions';
import { makeTestStore } from '../testStore';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function connected() {
  const t = makeTestStore();
  t.store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
  const socket = t.sockets.last();
  socket.serverOpen();
  const send = (typ: string, content: unknown) =>
    socket.serverSend(JSON.stringify({ typ, content }));
  return { ...t, send };
}

describe('server events shown as a flash (SPEC §2, §8)', () => {
  it('flashes a tool starting, a tool error and a flash message, each from its frame alone', () => {
    const { store, send, types } = connected();
    const from = types().length;
    send('server.tool.start', { tool_name: 'calc_evaluate' });
    expect(selectCurrentFlash(store.getState())).toMatchObject({
      text: 'Using calc_evaluate...',
      severity: 'info',
      durationMs: 4000,
    });
    send('server.tool.error', { tool_name: 'calc_evaluate', error: 'Division by zero' });
    expect(selectCurrentFlash(store.getState())).toMatchObject({
      text: 'Tool error: Division by zero',
      severity: 'error',
    });
    send('flash.message', { text: 'Indexing finished' });
    expect(selectCurrentFlash(store.getState())).toMatchObject({
      text: 'Indexing finished',
      severity: 'info',
    });
    // One action per frame: the flash is the frame's own effect, no second dispatch.
    expect(types().slice(from)).toEqual([
      'cog/in/server.tool.start',
      'cog/in/server.tool.error',
      'cog/in/flash.message',
    ]);
  });

  it('gives every flash its own id, so dismissing an older one leaves the newer', () => {
    const { store, send } = connected();
    send('server.tool.start', { tool_name: 'a' });
    const first = selectCurrentFlash(store.getState())!;
    send('server.tool.start', { tool_name: 'b' });
    const second = selectCurrentFlash(store.getState())!;
    expect(second.id).not.toBe(first.id);
    store.dispatch(flashDismissed(first.id));
    expect(selectCurrentFlash(store.getState())?.text).toBe('Using b...');
    store.dispatch(flashShown('Workspace saved', 'success'));
    const own = selectCurrentFlash(store.getState())!;
    expect([first.id, second.id]).not.toContain(own.id);
    store.dispatch(flashDismissed(own.id));
    expect(selectCurrentFlash(store.getState())).toBeUndefined();
  });

  it('words a tool flash in the language of the moment, also for a tool flashed before', async () => {
    const { store, send } = connected();
    send('server.tool.start', { tool_name: 'calc_evaluate' });
    expect(selectCurrentFlash(store.getState())?.text).toBe('Using calc_evaluate...');
    vi.useRealTimers(); // the German catalogue is a dynamic import
    try {
      await applyLanguage('de');
      send('server.tool.start', { tool_name: 'calc_evaluate' });
      expect(selectCurrentFlash(store.getState())?.text).toBe('calc_evaluate wird verwendet…');
    } finally {
      await applyLanguage('en');
    }
    send('server.tool.start', { tool_name: 'calc_evaluate' });
    expect(selectCurrentFlash(store.getState())?.text).toBe('Using calc_evaluate...');
  });
});
