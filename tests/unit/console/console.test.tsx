import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleMessage } from '../../../protocol';
import { ConsolePage } from '../../../src/features/console/ConsolePage';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';

const PATH = '/w/innovation-lab/console';
const MESSAGES: ConsoleMessage[] = [
  { time: '2025-03-01T10:00:00.000Z', app_name: 'emgen', from: 'system', message: 'App started' },
  { time: '2025-03-01T10:00:01.000Z', app_name: 'meeting', from: 'tool.error', message: 'boom' },
  { time: '2025-03-01T10:00:02.000Z', app_name: 'remote', from: 'Warning', message: 'slow' },
  { time: '2025-03-01T10:00:03.000Z', app_name: 'remote', from: 'exception', message: 'trace' },
  { time: '2025-03-01T10:00:04.000Z', app_name: 'remote', from: 'hub', message: 'hello' },
];

type Answer = (req: Request) => Response | Promise<Response>;

function consoleServer(opts: { list?: Answer; clear?: Answer; messages?: ConsoleMessage[] } = {}) {
  let messages = opts.messages ?? MESSAGES;
  const seen = stubFetch((req) => {
    const path = new URL(req.url).pathname;
    if (path === '/api/console') return opts.list?.(req) ?? json(200, { messages });
    if (path === '/api/console/clear') {
      if (opts.clear) return opts.clear(req);
      messages = [{ ...MESSAGES[0]!, message: 'Console cleared by ann@example.org' }];
      return json(200, { status: 'ok' });
    }
    return json(404, { error: 'no route' });
  });
  const requests = (path: string) => seen.filter((r) => new URL(r.url).pathname === path);
  return { seen, requests };
}

function renderConsole({ admin = true }: { admin?: boolean } = {}) {
  window.history.replaceState(null, '', PATH);
  return renderWithProviders(<ConsolePage />, {
    path: PATH,
    routePath: '/w/:worldId/console',
    preloadedState: {
      auth: {
        ...initialAuthState,
        loggedin: true,
        status: 'ok',
        user: { name: 'Ann', email: 'ann@example.org' },
        activeWorld: 'innovation-lab',
        accessibleWorlds: [{ world_id: 'innovation-lab', name: 'Innovation Lab', is_admin: admin }],
      },
    },
  });
}

/** Clear, then the confirmation's own button. */
async function clearAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  const dialog = await screen.findByRole('dialog', { name: 'Clear the console?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Console' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const log = () => screen.getByRole('table', { name: 'Console messages' });

beforeEach(() => {
  document.cookie = 'emgen_csrf=token-123; path=/';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('console page: the log (SPEC §2 "Console page")', () => {
  it('shows time, app, source and message with the count, asking for this world', async () => {
    const server = consoleServer();
    renderConsole();
    expect(await screen.findByText('App started')).toBeTruthy();
    expect(screen.getByText('5 messages')).toBeTruthy();
    const rows = within(log()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Time', 'App', 'Source', 'Message']);
    const cells = within(rows[2]!).getAllByRole('cell');
    expect(cells.slice(1).map((c) => c.textContent)).toEqual(['meeting', 'tool.error', 'boom']);
    expect(cells[0]!.getAttribute('title')).toBe('2025-03-01T10:00:01.000Z');
    const [req] = server.requests('/api/console');
    expect(new URL(req!.url).searchParams.get('worldId')).toBe('innovation-lab');
    expect(req!.headers.get('X-World-Id')).toBe('innovation-lab');
  });

  it('colours sources: system green, error and exception red, warning yellow, others plain', async () => {
    consoleServer();
    renderConsole();
    await screen.findByText('App started');
    const colour = (text: string) => getComputedStyle(within(log()).getByText(text)).color;
    expect(colour('system')).toBe('rgb(76, 175, 80)');
    expect(colour('tool.error')).toBe('rgb(244, 67, 54)');
    expect(colour('exception')).toBe('rgb(244, 67, 54)');
    expect(colour('Warning')).toBe('rgb(255, 235, 59)');
    expect(colour('hub')).toBe('rgb(212, 212, 212)');
  });

  it("says 'No console messages yet.' for an empty log", async () => {
    consoleServer({ messages: [] });
    renderConsole();
    expect(await screen.findByText('No console messages yet.')).toBeTruthy();
    expect(screen.getByText('0 messages')).toBeTruthy();
  });

  it('scrolls to the newest entry after loading', async () => {
    const saved = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get: () => 900,
    });
    try {
      consoleServer();
      renderConsole();
      await screen.findByText('App started');
      expect(screen.getByRole('region', { name: 'Console log' }).scrollTop).toBe(900);
    } finally {
      Object.defineProperty(Element.prototype, 'scrollHeight', saved!);
    }
  });

  it("shows 'Failed to fetch console messages', or the server's error text", async () => {
    consoleServer({ list: () => new Response('nope', { status: 500 }) });
    renderConsole();
    expect(await screen.findByText('Failed to fetch console messages')).toBeTruthy();
    vi.unstubAllGlobals();
    consoleServer({ list: () => json(403, { error: 'This world is not open to you' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('This world is not open to you')).toBeTruthy();
  });
});

describe('console page: clearing', () => {
  it('asks first, Cancel focused: cancelling clears nothing', async () => {
    const server = consoleServer();
    renderConsole();
    await screen.findByText('App started');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the console?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests('/api/console/clear')).toHaveLength(0);
    expect(screen.getByText('App started')).toBeTruthy();
  });

  it('offers a member no Clear button (the server would refuse them)', async () => {
    consoleServer();
    renderConsole({ admin: false });
    await screen.findByText('App started');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('clears with the CSRF header and reloads the log', async () => {
    const server = consoleServer();
    renderConsole();
    await screen.findByText('App started');
    await clearAndConfirm();
    expect(await screen.findByText('Console cleared by ann@example.org')).toBeTruthy();
    const [clear] = server.requests('/api/console/clear');
    expect(clear!.method).toBe('GET');
    expect(clear!.headers.get('X-CSRF-Token')).toBe('token-123');
    expect(screen.getByText('1 message')).toBeTruthy();
  });

  it("shows the server's refusal for a member, else 'Failed to clear console messages'", async () => {
    let refusal: Answer = () => json(403, { error: 'Administrators of this world only' });
    consoleServer({ clear: (req) => refusal(req) });
    renderConsole();
    await screen.findByText('App started');
    await clearAndConfirm();
    expect(await screen.findByText('Administrators of this world only')).toBeTruthy();
    expect(screen.getByText('App started')).toBeTruthy();
    refusal = () => new Response('', { status: 502 });
    await clearAndConfirm();
    expect(await screen.findByText('Failed to clear console messages')).toBeTruthy();
  });
});

describe('console page: polling (SPEC §4, §9)', () => {
  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('polls every 5 s by default, stops when auto-refresh is off, and restarts at the chosen interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = consoleServer();
    renderConsole();
    await tick(10);
    const count = () => server.requests('/api/console').length;
    expect(count()).toBe(1);
    expect(screen.getByRole('checkbox', { name: 'Auto-refresh' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Interval' }).textContent).toBe('5s');
    await tick(4900);
    expect(count()).toBe(1);
    await tick(200);
    expect(count()).toBe(2);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto-refresh' }));
    await tick(20_000);
    expect(count()).toBe(2);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto-refresh' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Interval' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('2s'));
    await tick(10);
    const restarted = count();
    await tick(1900);
    expect(count()).toBe(restarted);
    await tick(200);
    expect(count()).toBe(restarted + 1);
    await tick(2000);
    expect(count()).toBe(restarted + 2);
  });

  it('Refresh fetches at once', async () => {
    const server = consoleServer();
    renderConsole();
    await screen.findByText('App started');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.requests('/api/console')).toHaveLength(2));
  });
});
