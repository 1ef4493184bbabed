import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  expertSelectionToggled,
  managementClosed,
  managementOpened,
  providerSelectionToggled,
  workspaceNameEdited,
  workspaceSaveRequested,
} from '../../../src/features/workspaceManagement/managementSlice';
import { cogConnectRequested } from '../../../src/ws/cogActions';
import { makeTestStore } from '../testStore';
import { details, ok, scriptServer, type Reply } from './scriptedServer';

const OPERATION_TYPS = /^workspace\.(update|expert\.(add|remove)|toolprovider\.(add|remove))$/;

async function open(
  mode: 'create' | 'edit',
  respond: (frame: { typ: string; content: any }) => Reply | undefined,
  chosen: { experts?: string[]; providers?: string[]; name?: string } = {},
) {
  const t = makeTestStore();
  t.store.dispatch(cogConnectRequested({ worldId: 'acme' }));
  const socket = t.sockets.last();
  const written = scriptServer(socket, (f) => details(f, chosen) ?? respond(f));
  socket.serverOpen();
  t.store.dispatch(managementOpened({ workspaceId: 'ws-1', mode }));
  await vi.advanceTimersByTimeAsync(10);
  expect(t.store.getState().management.loading).toBe(false);
  const operations = () =>
    written
      .filter((f) => OPERATION_TYPS.test(f.typ))
      .map((f) => `${f.typ} ${JSON.stringify(f.content)}`);
  const flashes = () =>
    t.actions.filter((a) => a.type === 'flash/flashShown').map((a: any) => a.payload.text);
  return { ...t, written, operations, flashes };
}

describe('the workspace save saga (SPEC §4, §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('creates: the workspace, then each expert, then each tool provider, one at a time; then navigates', async () => {
    const t = await open('create', ok);
    t.store.dispatch(expertSelectionToggled('ada'));
    t.store.dispatch(expertSelectionToggled('lee'));
    t.store.dispatch(providerSelectionToggled('calculations'));
    t.store.dispatch(workspaceNameEdited('  Pricing review  '));
    t.store.dispatch(workspaceSaveRequested({ worldId: 'acme' }));
    expect(t.store.getState().management.saving).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(t.operations()).toEqual([
      'workspace.update {"name":"Pricing review"}',
      'workspace.expert.add {"expert_id":"ada"}',
      'workspace.expert.add {"expert_id":"lee"}',
      'workspace.toolprovider.add {"provider_name":"calculations"}',
    ]);
    expect(t.flashes()).toContain('Workspace created successfully');
    expect(t.navigations).toEqual(['/w/acme/workspace?id=ws-1']);
    expect(t.store.getState().management).toMatchObject({ saving: false, error: null });
  });

  it('waits for each answer before the next request', async () => {
    const t = await open('create', (f) => (OPERATION_TYPS.test(f.typ) ? 'silent' : undefined));
    t.store.dispatch(expertSelectionToggled('ada'));
    t.store.dispatch(workspaceSaveRequested({ worldId: 'acme' }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.operations()).toHaveLength(1); // only workspace.update so far: no answer yet
  });

  it('aborts on a timeout with the spec text and stays editable', async () => {
    const t = await open('create', (f) => (f.typ === 'workspace.expert.add' ? 'silent' : ok(f)));
    t.store.dispatch(expertSelectionToggled('ada'));
    t.store.dispatch(expertSelectionToggled('chrono'));
    t.store.dispatch(workspaceSaveRequested({ worldId: 'acme' }));
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.store.getState().management.saving).toBe(true);
    await vi.advanceTimersByTimeAsync(2);
    const message =
      'Error updating workspace experts: Failed to add expert Ada: Operation timeout after 5000ms';
    expect(t.store.getState().management).toMatchObject({ saving: false, error: message });
    expect(t.flashes()).toContain(message);
    expect(t.operations()).toHaveLength(2); // chrono was never sent
    expect(t.navigations).toEqual([]);
  });

  it("uses the response's error, else its message, else 'Operation failed'", async () => {
    const cases: [unknown, string][] = [
      [{ status: 'error', error: 'Unknown tool provider "x"' }, 'Unknown tool provider "x"'],
      [{ status: 'error', message: 'Provider offline' }, 'Provider offline'],
      [{ status: 'nope' }, 'Operation failed'],
    ];
    for (const [content, why] of cases) {
      const t = await open('create', (f) =>
        f.typ === 'workspace.toolprovider.add'
          ? { typ: 'workspace.toolprovider.add.response', content }
          : ok(f),
      );
      t.store.dispatch(providerSelectionToggled('web_search'));
      t.store.dispatch(workspaceSaveRequested({ worldId: 'acme' }));
      await vi.advanceTimersByTimeAsync(50);
      expect(t.store.getState().management.error).toBe(
        `Error updating workspace experts: Failed to add tool provider web_search: ${why}`,
      );
    }
  });

  it('edits: rename, pause 100 ms, removals, then additions; a failure midway stops the rest', async () => {
    const t = await open(
      'edit',
      (f) =>
        f.typ === 'workspace.expert.add'
          ? {
              typ: 'workspace.expert.add.response',
              content: { status: 'error', error: 'Unknown expert "lee"' },
            }
          : ok(f),
      { experts: ['ada', 'chrono'], providers: ['calculations'], name: 'Old name' },
    );
    expect(t.store.getState().management).toMatchObject({
      name: 'Old name',
      selectedExperts: ['ada', 'chrono'],
    });
    t.store.dispatch(workspaceNameEdited('New name'));
    t.store.dispatch(expertSelectionToggled('chrono'));
    t.store.dispatch(expertSelectionToggled('lee'));
    t.store.dispatch(providerSelectionToggled('web_search'));
    t.store.dispatch(workspaceSaveRequested({ worldId: 'acme' }));
    await vi.advanceTimersByTimeAsync(5);
    expect(t.operations()).toEqual(['workspace.update {"name":"New name"}']);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.operations()).toEqual([
      'workspace.update {"name":"New name"}',
      'workspace.expert.remove {"expert_id":"chrono"}',
      'workspace.expert.add {"expert_id":"lee"}',
    ]);
    expect(t.store.getState().management.error).toBe(
      'Error updating workspace experts: Failed to add expert Lee: Unknown expert "lee"',
    );
    expect(t.navigations).toEqual([]);
  });

  it("edits with nothing changed: 'No changes to save' and back to the workspace", async () => {
    const t = await open('edit', ok, { experts: ['ada'], name: 'Same' });
    t.store.dispatch(workspaceNameEdited('  Same '));
    t.store.dispatch(workspaceSaveRequested({ worldId: 'acme' }));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.operations()).toEqual([]);
    expect(t.flashes()).toContain('No changes to save');
    expect(t.navigations).toEqual(['/w/acme/workspace?id=ws-1']);
  });

  it('sends no blank name in edit mode', async () => {
    const t = await open('edit', ok, { experts: ['ada'], name: 'Named' });
    t.store.dispatch(workspaceNameEdited('   '));
    t.store.dispatch(expertSelectionToggled('chrono'));
    t.store.dispatch(workspaceSaveRequested({ worldId: 'acme' }));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.operations()).toEqual(['workspace.expert.add {"expert_id":"chrono"}']);
  });

  it('leaving the page cancels a save in progress', async () => {
    const t = await open('create', (f) => (f.typ === 'workspace.expert.add' ? 'silent' : ok(f)));
    t.store.dispatch(expertSelectionToggled('ada'));
    t.store.dispatch(expertSelectionToggled('chrono'));
    t.store.dispatch(workspaceSaveRequested({ worldId: 'acme' }));
    await vi.advanceTimersByTimeAsync(10);
    t.store.dispatch(managementClosed());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.operations()).toHaveLength(2);
    expect(t.store.getState().management.saving).toBe(false);
    expect(t.navigations).toEqual([]);
  });
});

describe('loading the details (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again after 1 s for what is missing, and ends loading after 5 s at the latest', async () => {
    const t = makeTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'acme' }));
    const socket = t.sockets.last();
    // Only the experts ever answer.
    const written = scriptServer(socket, (f) =>
      f.typ === 'workspace.expert.details' ? details(f) : undefined,
    );
    socket.serverOpen();
    t.store.dispatch(managementOpened({ workspaceId: 'ws-1', mode: 'edit' }));
    const asked = (typ: string) => written.filter((f) => f.typ === typ).length;
    await vi.advanceTimersByTimeAsync(999);
    expect(asked('workspace.toolprovider.details')).toBe(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(asked('workspace.toolprovider.details')).toBe(2);
    expect(asked('workspace.expert.details')).toBe(1);
    expect(t.store.getState().management.loading).toBe(true);
    await vi.advanceTimersByTimeAsync(4000);
    expect(t.store.getState().management).toMatchObject({
      loading: false,
      expertsLoaded: true,
      providersLoaded: false,
    });
  });
});
