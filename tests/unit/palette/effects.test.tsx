import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandEffect } from '../../../protocol';
import { workspaceIdOf } from '../../../src/features/palette/useCommandEffect';
import { driveServer } from '../drives/driveServer';
import { SESSION, json, stubFetch } from '../testStore';
import { input, listing, options, pressShortcut, renderPalette } from './paletteHarness';

afterEach(() => vi.unstubAllGlobals());

/** Opens the palette, runs its first command by Enter, which answers with `effect`. */
async function runWith(
  content: { effect?: CommandEffect; message?: string },
  path = '/w/innovation-lab/dashboard',
) {
  const t = renderPalette(
    listing((f) =>
      f.typ === 'command.execute' ? { typ: 'command.execute.response', content } : undefined,
    ),
    { path },
  );
  pressShortcut();
  await waitFor(() => expect(options()).toHaveLength(3));
  fireEvent.keyDown(input(), { key: 'Enter' });
  await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  return t;
}

describe('command palette: effects of an executed command', () => {
  it('navigates, and executing closes the palette', async () => {
    const t = await runWith({ effect: { kind: 'navigate', to: '/w/innovation-lab/console' } });
    expect(t.commandFrames().at(-1)).toEqual([
      'command.execute',
      { commandId: 'open-console', namespace: 'workspace' },
    ]);
    expect(t.router.state.location.pathname).toBe('/w/innovation-lab/console');
  });

  it('executes a command clicked in the list', async () => {
    const t = renderPalette(
      listing((f) =>
        f.typ === 'command.execute'
          ? { typ: 'command.execute.response', content: { message: 'Created' } }
          : undefined,
      ),
    );
    pressShortcut();
    await waitFor(() => expect(options()).toHaveLength(3));
    fireEvent.click(screen.getByText('New Workspace'));
    expect(await screen.findByText('Created')).toBeTruthy();
    expect(t.commandFrames().at(-1)).toEqual([
      'command.execute',
      { commandId: 'new-workspace', namespace: 'workspace' },
    ]);
  });

  it('opens the File Finder for the workspace the page shows', async () => {
    const server = driveServer();
    await runWith({ effect: { kind: 'openFileFinder' } }, '/w/innovation-lab/workspace?id=ws-1');
    expect(await screen.findByText('File Finder')).toBeTruthy();
    fireEvent.click(await screen.findByText('plan.md'));
    fireEvent.click(screen.getByRole('button', { name: 'Add File to Workspace' }));
    expect(await screen.findByText('File added to workspace successfully')).toBeTruthy();
    const [sent] = server.requests('/api/workspace/add-file');
    expect((await sent!.clone().json()).workspaceId).toBe('ws-1');
  });

  it('switches world', async () => {
    stubFetch(() => json(200, SESSION));
    const t = await runWith({ effect: { kind: 'switchWorld', worldId: 'acme_research' } });
    expect(t.actions).toContainEqual({
      type: 'world/switchRequested',
      payload: { worldId: 'acme_research' },
    });
  });

  it('downloads the session log, which holds what the user just did', async () => {
    const t = await runWith({ effect: { kind: 'exportSessionLog' } });
    expect(t.types()).toContain('support/sessionLogExportRequested');
    expect(t.types()).toContain('support/sessionLogExported');
    expect(t.downloads).toHaveLength(1);
    const log = JSON.parse(t.downloads[0]!.text) as { entries: { action: { type: string } }[] };
    expect(log.entries.map((e) => e.action.type)).toContain('cog/out/command.execute');
  });

  it('flashes the text a command sends', async () => {
    await runWith({ effect: { kind: 'flash', text: 'Theme switched' } });
    expect(await screen.findByText('Theme switched')).toBeTruthy();
  });
});

describe('workspaceIdOf', () => {
  it('reads the id only on a workspace page', () => {
    expect(workspaceIdOf({ pathname: '/w/a/workspace', search: '?id=ws-9' })).toBe('ws-9');
    expect(workspaceIdOf({ pathname: '/w/a/dashboard', search: '?id=ws-9' })).toBeNull();
    expect(workspaceIdOf({ pathname: '/w/a/workspace', search: '' })).toBeNull();
  });
});
