import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../../server/store';
import { seedDemo } from '../../../server/seed/demo';
import { openTestStore } from '../harness';

const WORLD = 'innovation-lab';
let dataDir: string;
let store: Store;
let adminId: string;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-ws-'));
  store = await openTestStore(dataDir);
  await seedDemo(store, { email: 'boss@test.local', password: 'boss-password' });
  adminId = (await store.users.byEmail('boss@test.local'))!.id;
});
afterEach(async () => {
  vi.useRealTimers();
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('workspaces in one transaction', () => {
  it('work that fails half way in store.transaction leaves nothing, before and after', async () => {
    const before = await store.workspaces.listForWorld(WORLD);
    await expect(
      store.transaction(async (tx) => {
        const ws = await tx.workspaces.create({ id: 'tx-ws', worldId: WORLD, createdBy: adminId });
        await tx.workspaces.addExpert(ws.id, 'chrono');
        await tx.workspaces.addToolProvider(ws.id, 'calculations');
        await tx.transcripts.addMessage(ws.id, {
          message_id: 'tx-m1',
          role: 'user',
          name: 'Boss',
          expert_id: null,
          user_id: adminId,
          content: 'hello',
          html: null,
          created_at: new Date().toISOString(),
        });
        throw new Error('half way');
      }),
    ).rejects.toThrow('half way');
    expect(await store.workspaces.byId('tx-ws')).toBeUndefined();
    expect(await store.workspaces.expertIds('tx-ws')).toEqual([]);
    expect(await store.workspaces.toolProviders('tx-ws')).toEqual([]);
    expect(await store.transcripts.messageCount('tx-ws')).toBe(0);
    expect(await store.workspaces.listForWorld(WORLD)).toEqual(before);
  });
});

describe('lists keep the order things happened in', () => {
  it('workspaces created in the same millisecond: the later one first', async () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    for (const id of ['w-b', 'w-a', 'w-c'])
      await store.workspaces.create({ id, worldId: WORLD, createdBy: adminId, now });
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(ids(await store.workspaces.listForWorld(WORLD)).slice(0, 3)).toEqual([
      'w-c',
      'w-a',
      'w-b',
    ]);
    expect(ids(await store.workspaces.listForUser(WORLD, adminId, 3))).toEqual([
      'w-c',
      'w-a',
      'w-b',
    ]);
  });

  it('experts added in the same millisecond and providers: in the order they were added', async () => {
    const ws = await store.workspaces.create({ worldId: WORLD, createdBy: adminId });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'));
    for (const id of ['scout', 'ada-quant', 'librarian']) {
      expect(await store.workspaces.addExpert(ws.id, id)).toBe(true);
    }
    expect(await store.workspaces.addExpert(ws.id, 'scout')).toBe(false);
    expect(await store.workspaces.expertIds(ws.id)).toEqual(['scout', 'ada-quant', 'librarian']);
    expect(await store.workspaces.removeExpert(ws.id, 'ada-quant')).toBe(true);
    expect(await store.workspaces.removeExpert(ws.id, 'ada-quant')).toBe(false);

    for (const p of ['web_search', 'calculations', 'documents'])
      expect(await store.workspaces.addToolProvider(ws.id, p)).toBe(true);
    expect(await store.workspaces.addToolProvider(ws.id, 'calculations')).toBe(false);
    expect(await store.workspaces.toolProviders(ws.id)).toEqual([
      'web_search',
      'calculations',
      'documents',
    ]);
    expect(await store.workspaces.removeToolProvider(ws.id, 'web_search')).toBe(true);
    expect(await store.workspaces.removeToolProvider(ws.id, 'web_search')).toBe(false);
  });
});

describe('transcripts', () => {
  const message = (i: number) => ({
    message_id: `m${i}`,
    role: (i % 2 ? 'assistant' : 'user') as 'assistant' | 'user',
    name: i % 2 ? 'Ada Quant' : 'Boss',
    expert_id: i % 2 ? 'ada-quant' : null,
    user_id: i % 2 ? null : adminId,
    content: `text ${i}`,
    html: null,
    created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString(),
  });

  it('gives the last messages oldest first; the same message_id again replaces its text', async () => {
    const ws = 'innovation-lab-welcome';
    for (let i = 0; i < 6; i++) await store.transcripts.addMessage(ws, message(i));
    await store.transcripts.addMessage(ws, { ...message(2), content: 'edited', name: 'ignored' });
    expect(await store.transcripts.messageCount(ws)).toBe(6);
    expect((await store.transcripts.messages(ws, 3)).map((m) => m.message_id)).toEqual([
      'm3',
      'm4',
      'm5',
    ]);
    const all = await store.transcripts.messages(ws);
    expect(all.map((m) => m.content)).toEqual([
      'text 0',
      'text 1',
      'edited',
      'text 3',
      'text 4',
      'text 5',
    ]);
    expect(all[2]).toEqual({ ...message(2), content: 'edited' });
  });

  it('keeps research boxes by id and traces with their values, oldest first', async () => {
    const ws = 'innovation-lab-welcome';
    const box = { id: 'b1', name: 'Ada', title: 'Sources', html: null, content: 'one' };
    await store.transcripts.addResearchBox(ws, box);
    await store.transcripts.addResearchBox(ws, { ...box, id: 'b2' });
    await store.transcripts.addResearchBox(ws, { ...box, content: 'replaced' });
    expect(await store.transcripts.researchBoxes(ws)).toEqual([
      { ...box, content: 'replaced' },
      { ...box, id: 'b2' },
    ]);

    await store.transcripts.addTrace(ws, { key: 'k1', html: null, value: { n: 1, list: [1] } });
    await store.transcripts.addTrace(ws, { key: 'k2', html: '<b>x</b>', value: undefined });
    await store.transcripts.addTrace(ws, { key: 'k3', html: null, value: 'text' });
    expect(await store.transcripts.traces(ws, 2)).toEqual([
      { key: 'k2', html: '<b>x</b>', value: undefined },
      { key: 'k3', html: null, value: 'text' },
    ]);
    expect((await store.transcripts.traces(ws))[0]).toEqual({
      key: 'k1',
      html: null,
      value: { n: 1, list: [1] },
    });
  });
});
