import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestIdOf } from '../../../protocol';
import {
  COMMANDS,
  input,
  listing,
  options,
  openPalette,
  renderPalette,
  selectedName,
  tick,
} from './paletteHarness';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('command palette: opening and listing (SPEC §4)', () => {
  it('opens with Ctrl+Shift+P and lists the workspace commands with description and tags', async () => {
    const t = renderPalette(listing());
    expect(screen.queryByRole('dialog')).toBeNull();
    await openPalette();
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    expect(t.commandFrames()).toEqual([['command.list', { namespace: 'workspace' }]]);
    expect(options().map((o) => o.querySelector('p')?.textContent)).toEqual(
      COMMANDS.map((c) => c.name),
    );
    const first = within(options()[0]!);
    expect(first.getByText('Show the world console')).toBeTruthy();
    expect(first.getByText('admin')).toBeTruthy();
    expect(first.getByText('logs')).toBeTruthy();
    expect(selectedName()).toBe('Open Console');
    expect(document.activeElement).toBe(input());
  });

  it('opens with Cmd+Shift+P too, and reopening resets the query and the selection and reloads', async () => {
    const t = renderPalette(listing());
    await openPalette({ metaKey: true });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.change(input(), { target: { value: 'x' } });
    expect(selectedName()).toBe('Open File Finder');
    fireEvent.keyDown(input(), { key: 'Escape' });
    await tick(500);
    expect(screen.queryByRole('combobox')).toBeNull();

    await openPalette();
    expect((input() as HTMLInputElement).value).toBe('');
    expect(selectedName()).toBe('Open Console');
    expect(t.commandFrames().filter(([typ]) => typ === 'command.list')).toHaveLength(2);
  });

  it('ArrowDown and ArrowUp cycle through the list, wrapping at both ends', async () => {
    renderPalette(listing());
    await openPalette();
    const key = (k: string) => fireEvent.keyDown(input(), { key: k });
    key('ArrowUp');
    expect(selectedName()).toBe('New Workspace');
    key('ArrowDown');
    expect(selectedName()).toBe('Open Console');
    key('ArrowDown');
    key('ArrowDown');
    expect(selectedName()).toBe('New Workspace');
    key('ArrowDown');
    expect(selectedName()).toBe('Open Console');
  });
});

describe('command palette: search (SPEC §5)', () => {
  it('ignores one character, searches 300 ms after typing stops, and an empty box reloads the list', async () => {
    const t = renderPalette(
      listing((f) =>
        f.typ === 'command.search'
          ? { typ: 'command.search.response', content: { commands: [COMMANDS[0]] } }
          : undefined,
      ),
    );
    await openPalette();
    fireEvent.change(input(), { target: { value: 'c' } });
    await tick(1000);
    expect(t.commandFrames()).toHaveLength(1);

    fireEvent.change(input(), { target: { value: 'co' } });
    await tick(200);
    fireEvent.change(input(), { target: { value: 'cons' } });
    await tick(299);
    expect(t.commandFrames()).toHaveLength(1);
    await tick(1);
    expect(t.commandFrames()).toHaveLength(2);
    await tick();
    expect(t.commandFrames()[1]).toEqual(['command.search', { q: 'cons', namespace: 'workspace' }]);
    expect(options()).toHaveLength(1);

    fireEvent.change(input(), { target: { value: '' } });
    await tick();
    expect(t.commandFrames()[2]).toEqual(['command.list', { namespace: 'workspace' }]);
    expect(options()).toHaveLength(3);
  });

  it("shows 'No matching commands found' when the search finds nothing", async () => {
    renderPalette(listing(() => ({ typ: 'command.search.response', content: { commands: [] } })));
    await openPalette();
    fireEvent.change(input(), { target: { value: 'zzz' } });
    await tick(300);
    await tick();
    expect(screen.getByText('No matching commands found')).toBeTruthy();
    expect(options()).toHaveLength(0);
  });
});

describe('command palette: errors (SPEC §8)', () => {
  it("says 'WebSocket not connected' without a connection", async () => {
    const t = renderPalette(listing(), { connected: false });
    await openPalette();
    expect(screen.getByRole('alert').textContent).toContain('WebSocket not connected');
    expect(t.commandFrames()).toEqual([]);
  });

  it("says 'Request timed out' after 30 s without an answer", async () => {
    renderPalette(() => 'silent');
    await openPalette();
    await tick(29_980);
    expect(screen.queryByRole('alert')).toBeNull();
    await tick(10);
    expect(screen.getByRole('alert').textContent).toContain('Request timed out');
  });

  it("shows the server's error, else 'Unknown error'", async () => {
    renderPalette(
      listing((f) =>
        f.content.q === 'bad'
          ? { typ: 'command.search.error', content: { error: 'Search index unavailable' } }
          : { typ: 'command.search.error', content: {} },
      ),
    );
    await openPalette();
    fireEvent.change(input(), { target: { value: 'bad' } });
    await tick(300);
    await tick();
    expect(screen.getByRole('alert').textContent).toContain('Search index unavailable');
    fireEvent.change(input(), { target: { value: 'worse' } });
    await tick(300);
    await tick();
    expect(screen.getByRole('alert').textContent).toContain('Unknown error');
  });

  it('keeps the palette open with the message when a command fails', async () => {
    const t = renderPalette(
      listing(() => ({ typ: 'command.execute.error', content: { message: 'Not allowed here' } })),
    );
    await openPalette();
    fireEvent.keyDown(input(), { key: 'Enter' });
    await tick();
    expect(t.commandFrames()[1]).toEqual([
      'command.execute',
      { commandId: 'open-console', namespace: 'workspace' },
    ]);
    expect(screen.getByRole('alert').textContent).toContain('Not allowed here');
    expect(input()).toBeTruthy();
  });

  it('flashes the failure of a command whose palette was closed meanwhile', async () => {
    const t = renderPalette(listing(() => 'silent'));
    await openPalette();
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.keyDown(input(), { key: 'Escape' });
    await tick(500);
    const sent = t.written.find((f) => f.typ === 'command.execute')!;
    t.sockets.last().serverSend(
      JSON.stringify({
        typ: 'command.execute.error',
        content: { error: 'Workspace limit reached' },
        request_id: requestIdOf(sent),
      }),
    );
    await tick();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Workspace limit reached')).toBeTruthy();
  });
});
