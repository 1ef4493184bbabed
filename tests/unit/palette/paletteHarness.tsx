import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { CommandPalette } from '../../../src/features/palette/CommandPalette';
import { cogConnectRequested } from '../../../src/ws/cogActions';
import { renderWithProviders } from '../renderWithProviders';
import { makeTestStore } from '../testStore';
import { scriptServer } from '../workspaceManagement/scriptedServer';

export const COMMANDS = [
  {
    id: 'open-console',
    name: 'Open Console',
    description: 'Show the world console',
    tags: ['admin', 'logs'],
    namespace: 'workspace',
  },
  { id: 'open-finder', name: 'Open File Finder', tags: ['files'], namespace: 'workspace' },
  { id: 'new-workspace', name: 'New Workspace', description: 'Start a meeting' },
];

/** How the fake server answers each frame the app writes. */
export type Respond = Parameters<typeof scriptServer>[1];

/** Answers command.list with COMMANDS, and everything else as `respond` says. */
export const listing =
  (respond: Respond = () => undefined): Respond =>
  (f) =>
    f.typ === 'command.list'
      ? { typ: 'command.list.response', content: { commands: COMMANDS } }
      : respond(f);

/** Lets timers (fake setTimeout) and the promises they settle run; by default long enough for a reply. */
export const tick = (ms = 5) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * The palette in a world page with a real store whose fake socket answers
 * like a server; `connected: false` leaves the socket closed.
 */
export function renderPalette(
  respond: Respond,
  { path = '/w/innovation-lab/dashboard', connected = true } = {},
) {
  const t = makeTestStore();
  t.store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
  const socket = t.sockets.last();
  const written = scriptServer(socket, respond);
  if (connected) socket.serverOpen();
  const view = renderWithProviders(<CommandPalette />, {
    store: t.store,
    path,
    routePath: '/w/:worldId/*',
  });
  const commandFrames = () =>
    written.filter((f) => f.typ.startsWith('command.')).map((f) => [f.typ, f.content]);
  return { ...view, ...t, written, commandFrames };
}

export function pressShortcut(opts: { metaKey?: boolean } = {}) {
  fireEvent.keyDown(document.body, {
    key: 'P',
    ctrlKey: !opts.metaKey,
    metaKey: !!opts.metaKey,
    shiftKey: true,
  });
}

// The dialog's code loads on first use; loaded here once, React.lazy finds it at once.
const dialogCode = import('../../../src/features/palette/PaletteDialog');

/** Presses the shortcut, then lets the dialog mount and the server reply. */
export async function openPalette(opts: { metaKey?: boolean } = {}) {
  await dialogCode;
  pressShortcut(opts);
  await tick();
  await tick();
}

export const input = () => screen.getByRole('combobox', { name: 'Search commands' });
export const options = () => screen.queryAllByRole('option');
export const selectedName = () =>
  options()
    .find((o) => o.getAttribute('aria-selected') === 'true')
    ?.querySelector('p')?.textContent;
