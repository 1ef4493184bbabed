import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store';
import type { SemanticRowsRepository } from '../../../server/store/semanticRows';
import { openTestStore } from '../harness';

/** The semantic indexes' rows, read back a page at a time when an index starts. */

let dataDir: string;
let store: Store;
let rows: SemanticRowsRepository;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-semantic-rows-'));
  store = await openTestStore(dataDir);
  rows = store.semanticRows;
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const place = { start: 0, stop: 10, heading: '' };
const bytes = (n: number) => Buffer.from(new Float32Array([n, n + 0.5]).buffer);

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('semantic rows', () => {
  it('reads every stored vector of a model, by file and chunk, across pages', async () => {
    // 3 files of 400 chunks: more than two pages of 500.
    for (const fileId of [3, 1, 2])
      await rows.putEmbeddings(
        fileId,
        `d${fileId}`,
        'm',
        Array.from({ length: 400 }, (_, i) => bytes(fileId * 1000 + i)),
        Array.from({ length: 400 }, (_, i) => ({
          start: i * 10,
          stop: i * 10 + 9,
          heading: `h${i}`,
        })),
      );
    await rows.putEmbeddings(9, 'd9', 'other-model', [bytes(1)], [place]);
    const read = await all(rows.embeddings('m'));
    expect(read.length).toBe(1200);
    expect(read.map((r) => r.file_id)).toEqual([
      ...Array(400).fill(1),
      ...Array(400).fill(2),
      ...Array(400).fill(3),
    ]);
    expect(new Float32Array(new Uint8Array(read[401]!.vector).buffer)).toEqual(
      new Float32Array([2001, 2001.5]),
    );
    expect(read[800]).toMatchObject({
      file_id: 3,
      drive_id: 'd3',
      start: 0,
      stop: 9,
      heading: 'h0',
    });
  });

  it('replaces a file’s rows as a whole and removes them', async () => {
    const passage = (chunk: number) => ({
      chunk,
      drive_id: 'd',
      version: 'v',
      start: chunk * 100,
      stop: chunk * 100 + 99,
      heading: `Section ${chunk}`,
      words: '[["leave",2]]',
    });
    await rows.putPassages(5, [passage(0), passage(1), passage(2)]);
    await rows.putPassages(5, [passage(0)]);
    await rows.putPassages(6, [passage(0), passage(1)]);
    expect((await all(rows.passages())).map((r) => [r.file_id, r.chunk])).toEqual([
      [5, 0],
      [6, 0],
      [6, 1],
    ]);
    expect((await rows.passagesOf(6))[1]).toMatchObject({ start: 100, heading: 'Section 1' });
    await rows.removePassages(6);
    await rows.putEmbeddings(5, 'd', 'm', [bytes(1)], [place]);
    await rows.putEmbeddings(5, 'd', 'm', [], []);
    expect((await all(rows.passages())).map((r) => r.file_id)).toEqual([5]);
    expect(await all(rows.embeddings('m'))).toEqual([]);
  });
});
