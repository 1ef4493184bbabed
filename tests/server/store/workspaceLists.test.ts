import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store';
import type { StoredMessage } from '../../../server/store/transcripts';
import { WORKSPACE_PURGE_AFTER_MS } from '../../../server/store/workspaces';
import { openTestStore } from '../harness';

/**
 * The store side of the sidebar of conversations (migration 21), on SQLite
 * and, through scripts/testServerPostgres.ts, on PostgreSQL.
 */

const WORLD = 'innovation-lab';
let dataDir: string;
let store: Store;
let ann: string;
let bob: string;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-lists-'));
  store = await openTestStore(dataDir);
  await store.worlds.create(WORLD, 'Innovation Lab');
  ann = (await store.users.create({ email: 'ann@test.local', name: 'Ann', passwordHash: null })).id;
  bob = (await store.users.create({ email: 'bob@test.local', name: 'Bob', passwordHash: null })).id;
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function message(id: string, content: string | null, at: string): StoredMessage {
  return {
    message_id: id,
    role: 'user',
    name: 'Ann',
    expert_id: null,
    user_id: ann,
    content,
    html: null,
    created_at: at,
  };
}

const day = (d: number) => new Date(Date.UTC(2030, 0, d));
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

async function workspace(id: string, createdDay: number, by = ann, name: string | null = id) {
  return store.workspaces.create({ id, worldId: WORLD, createdBy: by, name, now: day(createdDay) });
}

describe('listOpenable', () => {
  it('lists the user’s workspaces by last activity (last message, else creation) with their marks', async () => {
    await workspace('old-but-busy', 1);
    await workspace('newer-quiet', 5);
    await workspace('newest-quiet', 6);
    await workspace('bobs-own', 7, bob);
    await store.transcripts.addMessage('old-but-busy', message('m1', 'hi', day(9).toISOString()));
    expect(ids(await store.workspaces.listOpenable(WORLD, ann))).toEqual([
      'old-but-busy',
      'newest-quiet',
      'newer-quiet',
    ]);
    const [busy] = await store.workspaces.listOpenable(WORLD, ann, { id: 'old-but-busy' });
    expect(busy).toMatchObject({ active_at: day(9).toISOString(), pinned_at: null });
    expect(await store.workspaces.listOpenable(WORLD, ann, { id: 'bobs-own' })).toEqual([]);
    // Another world's list is its own.
    expect(await store.workspaces.listOpenable('other-world', ann)).toEqual([]);
  });

  it('keeps pins and archives per person', async () => {
    await workspace('shared', 1);
    await store.workspaces.addUser('shared', bob);
    await store.workspaces.mark('shared', ann, { pinned: true }, day(3));
    await store.workspaces.mark('shared', ann, { archived: true }, day(4));
    const [forAnn] = await store.workspaces.listOpenable(WORLD, ann);
    const [forBob] = await store.workspaces.listOpenable(WORLD, bob);
    expect(forAnn).toMatchObject({
      pinned_at: day(3).toISOString(),
      archived_at: day(4).toISOString(),
    });
    expect(forBob).toMatchObject({ pinned_at: null, archived_at: null });
    await store.workspaces.mark('shared', ann, { pinned: false, archived: false });
    expect((await store.workspaces.listOpenable(WORLD, ann))[0]).toMatchObject({
      pinned_at: null,
      archived_at: null,
    });
  });
});

describe('soft deletion', () => {
  it('hides a deleted workspace from every lookup until it is restored', async () => {
    await workspace('gone', 1);
    await store.workspaces.softDelete('gone', day(2));
    expect(await store.workspaces.byId('gone')).toBeUndefined();
    expect(await store.workspaces.inWorld('gone', WORLD)).toBeUndefined();
    expect(ids(await store.workspaces.listForUser(WORLD, ann))).not.toContain('gone');
    expect(ids(await store.workspaces.listForWorld(WORLD))).not.toContain('gone');
    expect(ids(await store.workspaces.listOpenable(WORLD, ann))).toEqual([]);
    expect(ids(await store.workspaces.listOpenable(WORLD, ann, { deleted: true }))).toEqual([
      'gone',
    ]);
    expect(await store.workspaces.restore('gone')).toBe(true);
    expect(await store.workspaces.restore('gone')).toBe(false);
    expect(await store.workspaces.inWorld('gone', WORLD)).toMatchObject({ deleted_at: null });
  });

  it('purges for good only what was deleted longer ago than the grace period', async () => {
    await workspace('long-gone', 1);
    await workspace('just-gone', 1);
    await store.transcripts.addMessage(
      'long-gone',
      message('lg1', 'purged words', day(1).toISOString()),
    );
    await store.workspaces.softDelete('long-gone', day(2));
    const later = new Date(day(2).getTime() + WORKSPACE_PURGE_AFTER_MS + 1000);
    await store.workspaces.softDelete('just-gone', new Date(later.getTime() - 3600_000));
    expect(await store.workspaces.purgeDeleted(later)).toBe(1);
    expect(ids(await store.workspaces.listOpenable(WORLD, ann, { deleted: true }))).toEqual([
      'just-gone',
    ]);
    expect(await store.transcripts.messageCount('long-gone')).toBe(0);
  });
});

describe('message search', () => {
  const search = (words: string[], workspaceIds = ['a', 'b']) =>
    store.transcripts.search({ words, workspaceIds, limit: 10 });

  beforeEach(async () => {
    await workspace('a', 1);
    await workspace('b', 1);
    await workspace('c', 1);
    await store.transcripts.addMessage(
      'a',
      message('a1', 'The quarterly budget review', day(2).toISOString()),
    );
    await store.transcripts.addMessage(
      'b',
      message('b1', 'Budgets grow in spring', day(3).toISOString()),
    );
    await store.transcripts.addMessage(
      'c',
      message('c1', 'budget of another workspace', day(3).toISOString()),
    );
  });

  it('finds words (stemmed, last one as a prefix) only in the workspaces asked, with a marked snippet', async () => {
    const hits = await search(['budget']);
    expect(hits.map((h) => h.message_id).sort()).toEqual(['a1', 'b1']);
    expect(hits.find((h) => h.message_id === 'a1')).toMatchObject({
      workspace_id: 'a',
      created_at: day(2).toISOString(),
    });
    expect(hits.find((h) => h.message_id === 'a1')!.snippet).toContain('«budget»');
    expect((await search(['quart'])).map((h) => h.message_id)).toEqual(['a1']);
    expect((await search(['quarterly', 'spring'])).map((h) => h.message_id)).toEqual([]);
    expect(await search(['budget'], [])).toEqual([]);
  });

  it('stays in step when a message is replaced, added without replacing, or its workspace purged', async () => {
    await store.transcripts.addMessage(
      'a',
      message('a1', 'now about tulips', day(2).toISOString()),
    );
    expect((await search(['budget'])).map((h) => h.message_id)).toEqual(['b1']);
    expect((await search(['tulips'])).map((h) => h.message_id)).toEqual(['a1']);
    expect(
      await store.transcripts.addMessageUnlessStored(
        'b',
        message('b2', 'tulips too', day(4).toISOString()),
      ),
    ).toBe(true);
    expect((await search(['tulips'])).map((h) => h.message_id).sort()).toEqual(['a1', 'b2']);
    await store.workspaces.softDelete('b', day(5));
    await store.workspaces.purgeDeleted(new Date(day(5).getTime() + WORKSPACE_PURGE_AFTER_MS + 1));
    expect((await search(['tulips'])).map((h) => h.message_id)).toEqual(['a1']);
  });

  it('never lets a word through as query syntax', async () => {
    for (const hostile of [
      ['"'],
      ['budget"', 'OR'],
      ['*'],
      ['NEAR(budget'],
      ["'; DROP TABLE messages; --"],
      [''],
    ])
      expect(await search(hostile)).toEqual([]);
    // FTS5's operators as plain words are words, not operators.
    expect(await search(['budget', 'AND'])).toEqual([]);
    expect((await search(['budget'])).length).toBe(2);
  });
});
