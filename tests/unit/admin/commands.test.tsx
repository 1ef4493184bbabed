import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Command } from '../../../protocol';
import { CommandsPage } from '../../../src/features/admin/commands/CommandsPage';
import { flashShown } from '../../../src/features/flash/flashSlice';
import { json, stubFetch } from '../testStore';
import { renderAdminPage } from './registryHarness';

const DEFAULT_COMMANDS: Command[] = [
  {
    id: 'cmd.console',
    name: 'Open Console',
    description: 'Show the world console',
    tags: ['admin', 'logs'],
    cogPath: 'emgen/palette/open_console',
    namespace: 'default',
  },
  { id: 'cmd.bare', name: 'Bare', cogPath: 'emgen/misc/bare', namespace: 'default' },
];
const WORKSPACE_COMMANDS: Command[] = [
  {
    id: 'ws.finder',
    name: 'Open File Finder',
    description: 'Browse drives',
    tags: ['files'],
    cogPath: 'emgen/palette/open_finder',
    namespace: 'workspace',
  },
];

type Answer = (url: URL) => Response | undefined;

function commandServer(overrides: { namespaces?: Answer; list?: Answer } = {}) {
  const seen = stubFetch((req) => {
    const url = new URL(req.url);
    if (url.pathname === '/api/commands/namespaces') {
      return overrides.namespaces?.(url) ?? json(200, { namespaces: ['workspace', 'remote'] });
    }
    if (url.pathname === '/api/commands/list') {
      const answer = overrides.list?.(url);
      if (answer) return answer;
      const ns = url.searchParams.get('namespace');
      const commands =
        url.searchParams.get('all') === 'true'
          ? [...DEFAULT_COMMANDS, ...WORKSPACE_COMMANDS]
          : ns === 'workspace'
            ? WORKSPACE_COMMANDS
            : ns
              ? []
              : DEFAULT_COMMANDS;
      return json(200, { commands });
    }
    return json(404, { error: 'no route' });
  });
  const lists = () =>
    seen
      .map((r) => new URL(r.url))
      .filter((u) => u.pathname === '/api/commands/list')
      .map((u) => u.search);
  return { seen, lists };
}

function renderCommands() {
  return renderAdminPage(<CommandsPage />, {
    path: '/admin/commands',
    routePath: '/admin/commands',
  });
}

const table = () => screen.getByRole('table', { name: 'Registered commands' });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((c) => c.textContent);
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

function pickNamespace(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Namespace' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByText(label));
}

afterEach(() => vi.unstubAllGlobals());

describe('Registered Commands (SPEC §2)', () => {
  it('opens on the workspace namespace, not the empty default one', async () => {
    const server = commandServer();
    renderCommands();
    await screen.findByText('Open File Finder');
    expect(server.lists()).toEqual(['?namespace=workspace']);
    expect(screen.getByRole('combobox', { name: 'Namespace' }).textContent).toBe('workspace');
  });

  it('opens on All Namespaces when there is no workspace namespace', async () => {
    const server = commandServer({ namespaces: () => json(200, { namespaces: ['remote'] }) });
    renderCommands();
    await screen.findByText('Open File Finder');
    expect(server.lists()).toEqual(['?all=true']);
    expect(headers()).toEqual(['Name', 'Description', 'Tags', 'Cog Path', 'Namespace']);
  });

  it('lists the default namespace: name with id, description, tags, cog path', async () => {
    const server = commandServer();
    renderCommands();
    await screen.findByText('Open File Finder');
    pickNamespace('Default Namespace');
    await screen.findByText('Open Console');
    expect(server.lists()).toEqual(['?namespace=workspace', '']);
    expect(headers()).toEqual(['Name', 'Description', 'Tags', 'Cog Path']);
    const [first, second] = bodyRows();
    const cells = within(first!).getAllByRole('cell');
    expect(within(cells[0]!).getByText('cmd.console')).toBeTruthy();
    expect(cells[1]!.textContent).toBe('Show the world console');
    expect(within(cells[2]!).getByText('admin')).toBeTruthy();
    expect(within(cells[2]!).getByText('logs')).toBeTruthy();
    expect(cells[3]!.textContent).toBe('emgen/palette/open_console');
    expect(within(second!).getByText('No description')).toBeTruthy();
    expect(within(second!).getByText('No tags')).toBeTruthy();
  });

  it('offers Default, All and each named namespace; All adds a Namespace column', async () => {
    const server = commandServer();
    renderCommands();
    await screen.findByText('Open File Finder');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Namespace' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default Namespace', 'All Namespaces', 'workspace', 'remote']);
    fireEvent.click(within(screen.getByRole('listbox')).getByText('All Namespaces'));
    await screen.findByText('Open File Finder');
    expect(headers()).toEqual(['Name', 'Description', 'Tags', 'Cog Path', 'Namespace']);
    expect(bodyRows()).toHaveLength(3);

    pickNamespace('Default Namespace');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('Open Console')).toBeTruthy();
    expect(headers()).toHaveLength(4);
    expect(server.lists()).toEqual(['?namespace=workspace', '?all=true', '']);

    pickNamespace('remote');
    expect(await screen.findByText('No commands found')).toBeTruthy();
  });

  it('filters case-insensitively over name, description, cog path and tags', async () => {
    commandServer();
    renderCommands();
    await screen.findByText('Open File Finder');
    pickNamespace('Default Namespace');
    await screen.findByText('Open Console');
    const filter = screen.getByRole('textbox', { name: 'Filter commands' });
    const names = () =>
      bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.firstChild!.textContent);
    for (const [q, expected] of [
      ['CONSOLE', ['Open Console']],
      ['world console', ['Open Console']],
      ['MISC/BARE', ['Bare']],
      ['Logs', ['Open Console']],
      ['emgen', ['Open Console', 'Bare']],
    ] as const) {
      fireEvent.change(filter, { target: { value: q } });
      expect(names()).toEqual(expected);
    }
    fireEvent.change(filter, { target: { value: 'nothing like it' } });
    expect(screen.getByText('No commands found')).toBeTruthy();
  });

  it('Refresh loads namespaces and commands again', async () => {
    const server = commandServer();
    renderCommands();
    await screen.findByText('Open File Finder');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.lists()).toHaveLength(2));
    const namespaceCalls = server.seen.filter((r) => r.url.endsWith('/api/commands/namespaces'));
    expect(namespaceCalls).toHaveLength(2);
  });

  it("flashes 'Failed to load namespaces' and 'Failed to load commands', emptying the list", async () => {
    let failList = false;
    commandServer({
      namespaces: () => json(500, { error: 'down' }),
      list: () => (failList ? json(500, { error: 'down' }) : undefined),
    });
    const t = renderCommands();
    const flashes = () => t.actions.filter(flashShown.match).map((a) => a.payload);
    expect(await screen.findByText('Failed to load namespaces')).toBeTruthy();
    await screen.findByText('Open Console');
    expect(flashes()).toEqual([
      expect.objectContaining({ text: 'Failed to load namespaces', severity: 'error' }),
    ]);
    failList = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(flashes().map((f) => f.text)).toContain('Failed to load commands'));
    expect(screen.queryByText('Open Console')).toBeNull();
    expect(screen.getByText('No commands found')).toBeTruthy();
  });
});
