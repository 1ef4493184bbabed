import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store';
import type { DriveRow } from '../../../server/store/drives';
import { openTestStore } from '../harness';

/** The drives repository through the store seam: what a transaction keeps and what it drops. */

const HASH = (c: string) => c.repeat(64);
let dataDir: string;
let store: Store;
let drive: DriveRow;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-drives-store-'));
  store = await openTestStore(dataDir);
  await store.worlds.create('w', 'World');
  drive = await store.drives.ensureDrive({ worldId: 'w', name: 'Docs' });
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const file = (filePath: string, hash: string, tags: string[]) => ({
  driveId: drive.id,
  path: filePath,
  name: path.basename(filePath),
  mimeType: 'text/markdown',
  size: 10,
  hash,
  tags,
});

const words = (query: string) =>
  store.drives.searchText(
    drive.id,
    { words: query.split(' '), mode: 'and' },
    {
      offset: 0,
      limit: 10,
    },
  );

describe('drive files in a store transaction', () => {
  it('a commit that fails half way leaves no file, tag or text of it behind', async () => {
    const first = await store.drives.upsertFile(file('kept.md', HASH('a'), ['budget']));
    const failed = store.transaction(async (tx) => {
      await tx.drives.upsertFile(file('new.md', HASH('b'), ['walrus']));
      // A new version of a committed file, with other tags and metadata.
      await tx.drives.upsertFile(file('kept.md', HASH('c'), ['narwhal']));
      throw new Error('the disk is full');
    });
    await expect(failed).rejects.toThrow('the disk is full');

    expect(await store.drives.fileByPath(drive.id, 'new.md')).toBeUndefined();
    expect(await store.drives.fileByPath(drive.id, 'kept.md')).toEqual(first.row);
    expect(await store.drives.tagCounts(drive.id)).toEqual([{ Name: 'budget', Count: 1 }]);
    expect((await words('walrus')).total).toBe(0);
    expect((await words('narwhal')).total).toBe(0);
    expect((await words('kept')).hits.map((h) => h.row.path)).toEqual(['kept.md']);
    expect(await store.drives.history.hashInUse(HASH('b'))).toBe(false);
    expect(await store.drives.history.hashInUse(HASH('c'))).toBe(false);
    expect(await store.drives.pendingIndex()).toEqual([first.row.id]);
  });

  it('commits every version written in one transaction, in order', async () => {
    const rows = await store.transaction(async (tx) => [
      await tx.drives.upsertFile(file('a.md', HASH('a'), ['one'])),
      await tx.drives.upsertFile(file('a.md', HASH('b'), ['two'])),
    ]);
    const stored = await store.drives.fileByPath(drive.id, 'a.md');
    expect(stored).toMatchObject({ version: 2, hash: HASH('b'), tags: '["two"]' });
    expect(rows[1]!.replaced).toEqual(rows[0]!.row);
    expect(await store.drives.tagCounts(drive.id)).toEqual([{ Name: 'two', Count: 1 }]);
  });

  it('records the text of the version it was extracted from, never of an older one', async () => {
    const { row } = await store.drives.upsertFile(file('a.md', HASH('a'), []));
    expect(await store.drives.startIndexAttempt(row.id, row.version)).toBe(true);
    await store.drives.upsertFile(file('a.md', HASH('b'), []));
    expect(await store.drives.setIndexed(row.id, row.version, 'stale walrus', null)).toBe(false);
    expect((await words('walrus')).total).toBe(0);
    expect(await store.drives.setIndexed(row.id, row.version + 1, 'fresh narwhal', null)).toBe(
      true,
    );
    expect(await store.drives.bodyOf(row.id)).toBe('fresh narwhal');
    expect(await store.drives.fileById(row.id)).toMatchObject({ index_attempts: 0, version: 2 });
  });

  it('a file moved to the trash while its text is being recorded: both finish, neither is a deadlock victim', async () => {
    const { row } = await store.drives.upsertFile(file('a.md', HASH('a'), ['budget']));
    // The indexer's order: the file's row, then its full-text row. The trash comes in
    // between, while the indexer holds the file's row.
    let trashing: Promise<{ batchId: string }> | undefined;
    await store.transaction(async (tx) => {
      expect(await tx.drives.startIndexAttempt(row.id, row.version)).toBe(true);
      trashing = store.drives.history.trash([row], null);
      // The trash has done what it can until the indexer lets go of the file's row.
      await new Promise((r) => setTimeout(r, 300));
      expect(await tx.drives.setIndexed(row.id, row.version, 'walrus', null)).toBe(true);
    });
    const { batchId } = await trashing!;
    expect(await store.drives.fileById(row.id)).toBeUndefined();
    expect((await store.drives.history.batch(drive.id, batchId)).map((t) => t.path)).toEqual([
      'a.md',
    ]);
    expect((await words('walrus')).total).toBe(0);
    expect(await store.drives.bodyOf(row.id)).toBeUndefined();
  });

  it('a folder moved while one of its files gets a new version: both finish', async () => {
    const a = (await store.drives.upsertFile(file('f/a.md', HASH('a'), []))).row;
    const b = (await store.drives.upsertFile(file('f/b.md', HASH('b'), []))).row;
    let moving: Promise<unknown> | undefined;
    await store.transaction(async (tx) => {
      // A writer of b.md holds its row; the move comes in and takes what it can meanwhile.
      expect(await tx.drives.startIndexAttempt(b.id, b.version)).toBe(true);
      moving = store.drives.edits.moveFiles(drive.id, [
        { file: a, to: 'g/a.md' },
        { file: b, to: 'g/b.md' },
      ]);
      await new Promise((r) => setTimeout(r, 300));
      // The new version changes the drive's listing too, which the move may not hold yet.
      await tx.drives.upsertFile(file('f/b.md', HASH('c'), []));
    });
    expect(await moving).toMatchObject({ moved: [{ path: 'g/a.md' }, { path: 'g/b.md' }] });
    expect(await store.drives.fileById(b.id)).toMatchObject({ path: 'g/b.md', version: 2 });
  });

  it('two people tagging one file at once: both tags stay', async () => {
    const { row } = await store.drives.upsertFile(file('a.md', HASH('a'), ['budget']));
    let second: Promise<unknown> | undefined;
    await store.transaction(async (tx) => {
      await tx.drives.edits.retag([row], { add: ['q3'] });
      // Read before the first one ended, as a request reads the files it retags.
      second = store.drives.edits.retag([row], { add: ['approved'] });
      await new Promise((r) => setTimeout(r, 300));
    });
    await second;
    const tagged = (await store.drives.fileById(row.id))!;
    expect(JSON.parse(tagged.tags)).toEqual(['budget', 'q3', 'approved']);
    expect(await store.drives.tagCounts(drive.id)).toHaveLength(3);
  });

  it('two uploads of one new file at once: the second becomes its next version', async () => {
    let second: Promise<{ row: { id: number } }> | undefined;
    const first = await store.transaction(async (tx) => {
      const made = await tx.drives.upsertFile(file('n.md', HASH('a'), []));
      second = store.drives.upsertFile(file('n.md', HASH('b'), []));
      await new Promise((r) => setTimeout(r, 300));
      return made.row;
    });
    const { row } = await second!;
    expect(row.id).toBe(first.id);
    expect(await store.drives.fileById(first.id)).toMatchObject({ hash: HASH('b'), version: 2 });
    const kept = await store.drives.history.versionsOf(first.id);
    expect(kept.map((v) => [v.version, v.hash])).toEqual([[1, HASH('a')]]);
  });

  it('two new versions of one file at once: the one replaced second is kept in its history', async () => {
    const { row } = await store.drives.upsertFile(file('a.md', HASH('a'), []));
    let second: Promise<unknown> | undefined;
    await store.transaction(async (tx) => {
      await tx.drives.upsertFile(file('a.md', HASH('b'), []));
      second = store.drives.upsertFile(file('a.md', HASH('c'), []));
      await new Promise((r) => setTimeout(r, 300));
    });
    await second;
    expect(await store.drives.fileById(row.id)).toMatchObject({ hash: HASH('c'), version: 3 });
    const kept = await store.drives.history.versionsOf(row.id);
    expect(kept.map((v) => [v.version, v.hash]).sort()).toEqual([
      [1, HASH('a')],
      [2, HASH('b')],
    ]);
  });
});

describe('drives', () => {
  it('ensureDrive from two callers at once makes one drive', async () => {
    const [a, b] = await Promise.all([
      store.drives.ensureDrive({ worldId: 'w', name: 'Shared' }),
      store.drives.ensureDrive({ worldId: 'w', name: 'Shared', appName: 'notes' }),
    ]);
    expect(b).toEqual(a);
    expect(a.app_name).toBeNull();
    expect((await store.drives.drivesOf('w', true)).map((d) => d.name)).toEqual(['Docs', 'Shared']);
  });
});

describe('bulk import', () => {
  it('adds indexed files in batches that list, count and search like uploaded ones', async () => {
    const files = Array.from({ length: 1234 }, (_, i) => ({
      path: `folder-${i % 7}/note-${String(i).padStart(4, '0')}.md`,
      mimeType: 'text/markdown',
      size: 20 + i,
      hash: HASH((i % 16).toString(16)),
      body: i === 1000 ? 'the one about the walrus' : `ordinary note number ${i}`,
    }));
    await store.drives.importIndexed(drive.id, files);

    expect(await store.drives.stats(drive.id)).toEqual({
      fileCount: 1234,
      totalSize: files.reduce((n, f) => n + f.size, 0),
    });
    const page = await store.drives.listFiles(drive.id, { prefix: 'folder-3/', limit: 2 });
    expect(page.total).toBe(files.filter((f) => f.path.startsWith('folder-3/')).length);
    expect(page.rows.map((r) => r.path)).toEqual([
      'folder-3/note-0003.md',
      'folder-3/note-0010.md',
    ]);
    const found = await words('walrus');
    expect(found.hits.map((h) => [h.row.path, h.snippet])).toEqual([
      ['folder-6/note-1000.md', 'the one about the «walrus»'],
    ]);
    expect(await store.drives.pendingIndex()).toEqual([]);
  });
});

describe('text search', () => {
  it("counts and ranks one drive's matches among another drive's with the same words", async () => {
    const other = await store.drives.ensureDrive({ worldId: 'w', name: 'Other' });
    const notes = (n: number, word: string) =>
      Array.from({ length: n }, (_, i) => ({
        path: `n-${String(i).padStart(3, '0')}.md`,
        mimeType: 'text/markdown',
        size: 10,
        hash: HASH('a'),
        body: `${word} ${'filler '.repeat(i % 5)}walrus`,
      }));
    await store.drives.importIndexed(other.id, notes(40, 'tusk'));
    await store.drives.importIndexed(drive.id, notes(25, 'kelp'));
    const found = await words('walrus');
    expect(found.total).toBe(25);
    expect(found.hits).toHaveLength(10);
    expect(found.hits.every((h) => h.row.drive_id === drive.id)).toBe(true);
    // Shorter notes rank first (bm25 and ts_rank alike), ties by id.
    expect(found.hits.slice(0, 5).map((h) => h.row.path)).toEqual([
      'n-000.md',
      'n-005.md',
      'n-010.md',
      'n-015.md',
      'n-020.md',
    ]);
    expect((await words('tusk')).total).toBe(0);
    const elsewhere = await store.drives.searchText(
      other.id,
      { words: ['walrus'], mode: 'and' },
      { offset: 35, limit: 10 },
    );
    expect([elsewhere.total, elsewhere.hits.length]).toEqual([40, 5]);
  });
});
