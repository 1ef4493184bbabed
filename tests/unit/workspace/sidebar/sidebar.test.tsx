import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flashShown, selectCurrentFlash } from '../../../../src/features/flash/flashSlice';
import {
  groupWorkspaces,
  snippetParts,
} from '../../../../src/features/workspace/sidebar/workspaceGroups';
import {
  selectSidebarDeleted,
  selectSidebarSearch,
  workspaceDeleted,
  workspaceRestoreAsked,
} from '../../../../src/features/workspace/sidebar/sidebarSlice';
import { cogConnectRequested, cogSend } from '../../../../src/ws/cogActions';
import type { ListedWorkspace } from '../../../../protocol';
import { renderWithProviders } from '../../renderWithProviders';
import { makeTestStore } from '../../testStore';

const ws = (id: string, marks: Partial<ListedWorkspace> = {}): ListedWorkspace => ({
  workspace_id: id,
  name: id,
  created_at: '2030-01-01T00:00:00.000Z',
  active_at: '2030-01-01T00:00:00.000Z',
  pinned: false,
  archived: false,
  ...marks,
});

describe('groupWorkspaces', () => {
  it('puts pinned ones on top, archived ones apart, keeps the server order, hides the just deleted', () => {
    const groups = groupWorkspaces(
      [
        ws('a'),
        ws('b', { pinned: true }),
        ws('c', { archived: true, pinned: true }),
        ws('d'),
        ws('e'),
      ],
      ['e'],
    );
    expect(groups.pinned.map((w) => w.workspace_id)).toEqual(['b']);
    expect(groups.recent.map((w) => w.workspace_id)).toEqual(['a', 'd']);
    expect(groups.archived.map((w) => w.workspace_id)).toEqual(['c']);
  });
});

describe('snippetParts', () => {
  it('splits «marked» words from the text around them, markup staying text', () => {
    expect(snippetParts('a <img src=x onerror=alert(1)> «budget» and «more»!')).toEqual([
      { text: 'a <img src=x onerror=alert(1)> ', marked: false },
      { text: 'budget', marked: true },
      { text: ' and ', marked: false },
      { text: 'more', marked: true },
      { text: '!', marked: false },
    ]);
    expect(snippetParts('no marks « here')).toEqual([{ text: 'no marks « here', marked: false }]);
  });
});

describe('the sidebar slice', () => {
  function connected() {
    const t = makeTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
    const socket = t.sockets.last();
    socket.serverOpen();
    const send = (typ: string, content: unknown) =>
      socket.serverSend(JSON.stringify({ typ, content }));
    return { ...t, socket, send };
  }

  it('keeps the answer to the query last sent and drops a late one to an older query', () => {
    const { store, send } = connected();
    store.dispatch(cogSend('workspace.search', { q: 'bud' }));
    store.dispatch(cogSend('workspace.search', { q: 'budget' }));
    send('workspace.search.response', {
      q: 'bud',
      results: [{ kind: 'name', workspace_id: 'old', name: 'Old' }],
    });
    expect(selectSidebarSearch(store.getState())).toMatchObject({ q: 'budget', answered: false });
    send('workspace.search.response', {
      q: 'budget',
      results: [{ kind: 'name', workspace_id: 'new', name: 'New' }],
    });
    expect(selectSidebarSearch(store.getState())).toMatchObject({
      q: 'budget',
      answered: true,
      results: [{ workspace_id: 'new' }],
    });
  });

  it('hides a deleted workspace until Undo, which asks the server to restore it', () => {
    const { store, socket } = connected();
    store.dispatch(workspaceDeleted({ workspaceId: 'w1' }));
    expect(selectSidebarDeleted(store.getState())).toEqual(['w1']);
    store.dispatch(workspaceRestoreAsked({ workspaceId: 'w1' }));
    expect(selectSidebarDeleted(store.getState())).toEqual([]);
    expect(socket.frames().filter((f) => f.typ === 'workspace.restore')).toEqual([
      expect.objectContaining({ content: { workspace_id: 'w1' } }),
    ]);
  });
});

describe('a flash with an action', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('keeps the action as plain data and dispatches it, as it is, from its button', () => {
    const t = makeTestStore();
    const { store } = renderWithProviders(<div />, { store: t.store });
    const undo = workspaceRestoreAsked({ workspaceId: 'w9' });
    act(() => {
      store.dispatch(flashShown('Deleted “W9”', 'info', 8000, { label: 'Undo', action: undo }));
    });
    const flash = selectCurrentFlash(store.getState())!;
    // Serializable: what DevTools and a replayed session log hold.
    expect(JSON.parse(JSON.stringify(flash))).toEqual(flash);
    const from = t.actions.length;
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    // The click is the flash's own action, as it was given, then the flash goes.
    const after = t.actions.slice(from);
    expect(after[0]).toEqual({
      type: 'workspaceSidebar/restoreAsked',
      payload: { workspaceId: 'w9' },
    });
    expect(after.map((a) => a.type)).toContain('flash/flashDismissed');
    // ...and its listener asks the server (a socket request, still queued here).
    expect(after.map((a) => a.type)).toContain('cog/request');
    expect(selectCurrentFlash(store.getState())).toBeUndefined();
  });
});
