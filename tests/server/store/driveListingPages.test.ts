import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store';
import type { DriveRow, FileRow, SortBy } from '../../../server/store/drives';
import { ANCHOR_EVERY } from '../../../server/store/driveListings';
import { openTestStore } from '../harness';

/**
 * Drive listings keep their totals and where deep pages start between
 * requests (store/driveListings.ts, migration 28). Every page must still be
 * the one a plain OFFSET gives, in every order, and every change to the
 * drive must show on the next request: on this instance and on another.
 */

const FILES = ANCHOR_EVERY * 2 + 234;
let dataDir: string;
let store: Store;
let drive: DriveRow;

const folders = ['alpha', 'beta/gamma', 'beta', 'delta-x', 'delta.y', 'Zeta'];
const names = ['report', 'notes', 'Q3-plan', 'readme', 'a_b', 'zz'];

/** Names repeat across folders and sizes repeat, so the path decides ties. */
function corpus(from: number, to: number) {
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    return {
      path: `${folders[i % folders.length]}/${names[(i * 7) % names.length]}-${(i * 7919) % 1009}.md`,
      mimeType: 'text/markdown',
      size: (i * 37) % 101,
      hash: String(i % 10).repeat(64),
      body: `file ${i}`,
    };
  });
}

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-listing-'));
  store = await openTestStore(dataDir);
  await store.worlds.create('w', 'World');
  drive = await store.drives.ensureDrive({ worldId: 'w', name: 'Docs' });
  // Three imports a day apart: updated_at repeats within each.
  for (const [n, [from, to]] of [
    [0, FILES / 2],
    [FILES / 2, FILES - 100],
    [FILES - 100, FILES],
  ].entries())
    await store.drives.importIndexed(
      drive.id,
      corpus(from!, to!),
      new Date(Date.UTC(2026, 0, 1 + ((n * 2) % 3))),
    );
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const COLUMN = { path: 'path', name: 'name', size: 'size', updated: 'updated_at' } as const;

/** The whole listing in the order the database gives it, compared as SQLite and "C" do. */
function ordered(rows: FileRow[], sortBy: SortBy, dir: 'asc' | 'desc'): string[] {
  const column = COLUMN[sortBy];
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...rows].sort((a, b) => cmp(a[column], b[column]) || cmp(a.path, b.path));
  return (dir === 'asc' ? sorted : sorted.reverse()).map((r) => r.path);
}

async function everyRow(s: Store): Promise<FileRow[]> {
  const out: FileRow[] = [];
  // Pages below the first anchor walk the index as before: the oracle for the deep ones.
  for (const folder of [...folders, 'zzz']) {
    const { rows } = await s.drives.listFiles(drive.id, { prefix: `${folder}/`, limit: 1_000 });
    out.push(...rows.filter((r) => !out.some((o) => o.id === r.id)));
  }
  return out;
}

const OFFSETS = [
  0,
  ANCHOR_EVERY - 1,
  ANCHOR_EVERY,
  ANCHOR_EVERY + 1,
  ANCHOR_EVERY + 277,
  2 * ANCHOR_EVERY - 3,
  2 * ANCHOR_EVERY,
  FILES - 20,
  FILES - 1,
  FILES,
  FILES + 5_000,
];

describe('drive listing pages', () => {
  it('are the pages of a plain offset in every order, with the right total', async () => {
    const all = await everyRow(store);
    expect(all).toHaveLength(FILES);
    for (const sortBy of ['path', 'name', 'size', 'updated'] as const) {
      for (const sortDir of ['asc', 'desc'] as const) {
        const expected = ordered(all, sortBy, sortDir);
        for (const offset of OFFSETS) {
          for (const limit of [20, 7]) {
            const page = await store.drives.listFiles(drive.id, { sortBy, sortDir, offset, limit });
            expect(page.total).toBe(FILES);
            expect(
              page.rows.map((r) => r.path),
              `${sortBy} ${sortDir} at ${offset}`,
            ).toEqual(expected.slice(offset, offset + limit));
          }
        }
      }
    }
  });

  it('follow every change of the drive, made here or by another instance', async () => {
    const other = await openTestStore(dataDir);
    try {
      const page = async (s: Store, opts: { tags?: string[]; prefix?: string } = {}) => {
        const at = ANCHOR_EVERY + 10;
        const { rows, total } = await s.drives.listFiles(drive.id, {
          offset: at,
          limit: 3,
          ...opts,
        });
        return { total, paths: rows.map((r) => r.path) };
      };
      const expectPage = async (s: Store) => {
        const expected = ordered(await everyRow(s), 'path', 'asc');
        expect(await page(s)).toEqual({
          total: expected.length,
          paths: expected.slice(ANCHOR_EVERY + 10, ANCHOR_EVERY + 13),
        });
      };
      await expectPage(store);
      await expectPage(other);

      // Files added by the other instance, before the first anchor.
      await other.drives.importIndexed(drive.id, [
        { path: 'alpha/aaa.md', mimeType: 'text/plain', size: 1, hash: 'a'.repeat(64), body: '' },
        { path: 'alpha/aab.md', mimeType: 'text/plain', size: 1, hash: 'a'.repeat(64), body: '' },
      ]);
      await expectPage(store);

      // Moved, trashed and brought back here.
      const [first] = (await store.drives.listFiles(drive.id, { limit: 1 })).rows;
      await store.drives.edits.moveFiles(drive.id, [{ file: first!, to: 'zzz/moved.md' }]);
      await expectPage(other);
      const trashed = await store.drives.history.trash(
        (await store.drives.listFiles(drive.id, { limit: 5 })).rows,
        null,
      );
      await expectPage(other);
      await store.drives.history.untrash(drive.id, trashed.batchId);
      await expectPage(other);

      // Tags: a filtered listing counts the files that carry them, on both instances.
      expect((await page(other, { tags: ['urgent'] })).total).toBe(0);
      const some = (await store.drives.listFiles(drive.id, { offset: 900, limit: 4 })).rows;
      await store.drives.edits.retag(some, { add: ['Urgent'] });
      expect((await other.drives.listFiles(drive.id, { tags: ['urgent'] })).total).toBe(4);
      const tagged = (await other.drives.listFiles(drive.id, { tags: ['urgent'] })).rows;
      await other.drives.edits.retag(tagged.slice(0, 1), { remove: ['urgent'] });
      expect((await store.drives.listFiles(drive.id, { tags: ['URGENT'] })).total).toBe(3);
    } finally {
      await other.close();
    }
  });
});
