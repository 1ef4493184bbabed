import { describe, expect, it } from 'vitest';
import { pickCandidates } from '../../../server/drives/semantic/candidates';
import { createNearness, SYNONYM } from '../../../server/drives/semantic/nearness';
import { TopK } from '../../../server/drives/semantic/topK';
import { FREE, VectorSlots } from '../../../server/drives/semantic/vectorSlots';
import fs from 'node:fs';
import { ensureTableFile, loadWordVectors } from '../../../server/drives/semantic/wordVectors/load';
import { WordVectorTable } from '../../../server/drives/semantic/wordVectors/table';

/**
 * The typed-array parts of a vector-index search (step 1's candidates,
 * step 2's word nearness): they must give exactly what the plain
 * computation gives, whatever their caches and growth do.
 */

const unit = (values: number[]) => {
  const v = Float32Array.from(values);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

describe('VectorSlots', () => {
  it('keeps each vector and its group in a slot, reuses freed slots and grows past its capacity', () => {
    const slots = new VectorSlots(2, 1);
    const a = slots.add(Float32Array.from([1, 2]), 3);
    const b = slots.add(Float32Array.from([3, 4]), 5);
    expect([a, b]).toEqual([0, 1]);
    expect([...slots.view(b)]).toEqual([3, 4]);
    expect(slots.dot(a, Float32Array.from([1, 1]))).toBe(3);
    slots.release(a);
    expect(slots.groups[a]).toBe(FREE);
    expect(slots.dot(a, Float32Array.from([1, 1]))).toBe(0);
    expect(slots.add(Float32Array.from([7, 8]), 1)).toBe(a);
    for (let i = 0; i < 10; i++) slots.add(Float32Array.from([i, i]), 0);
    expect(slots.end).toBe(12);
    expect([...slots.view(b)]).toEqual([3, 4]);
    expect([slots.groups[a], slots.groups[b], slots.groups[11]]).toEqual([1, 5, 0]);
  });

  it("gives many slots' dot products to the same bits as dot(), an odd number of them too", () => {
    const dims = 37;
    const slots = new VectorSlots(dims);
    let x = 7;
    const next = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    for (let i = 0; i < 9; i++) slots.add(Float32Array.from({ length: dims }, next), 0);
    const q = Float32Array.from({ length: dims }, next);
    const asked = Int32Array.from([8, 0, 3, 5, 1]);
    const out = new Float64Array(asked.length);
    slots.dots(asked, asked.length, q, out);
    expect([...out]).toEqual([...asked].map((s) => slots.dot(s, q)));
  });
});

describe('TopK', () => {
  it('keeps the k best ids, best first', () => {
    const top = new TopK(3);
    [0.5, 0.1, 0.9, 0.3, 0.7, 0.2].forEach((score, id) => top.offer(id, score));
    const ids: number[] = [];
    const scores: number[] = [];
    top.appendBest(ids, scores);
    expect(ids).toEqual([2, 4, 0]);
    expect(scores).toEqual([0.9, 0.7, 0.5]);
  });
});

describe('pickCandidates', () => {
  it('keeps the marked slots and the k nearest of the drives asked for, with their cosines', () => {
    const slots = new VectorSlots(2);
    const near = slots.add(unit([1, 0.1]), 0);
    const nearer = slots.add(unit([1, 0]), 0);
    const far = slots.add(unit([0, 1]), 0);
    const otherDrive = slots.add(unit([1, 0]), 1);
    const freed = slots.add(unit([1, 0]), 0);
    slots.release(freed);
    const query = { vector: unit([1, 0]), wanted: Uint8Array.from([1, 0]) };
    const picked = pickCandidates(slots, { ...query, keep: null }, 2);
    expect(picked.slots).toEqual([nearer, near]);
    expect(picked.cosines[0]).toBeCloseTo(1);
    const keep = new Uint8Array(slots.end);
    keep[far] = 1;
    keep[otherDrive] = 1;
    const withKept = pickCandidates(slots, { ...query, keep }, 1);
    // The kept passage of a drive not asked for stays out.
    expect(withKept.slots).toEqual([far, nearer]);
    expect(withKept.cosines[0]).toBeCloseTo(0);
  });
});

describe('WordVectorTable', () => {
  it('reads the file in place from a whole ArrayBuffer, and from a copy when the bytes sit at an offset', async () => {
    const { file } = await ensureTableFile();
    const bytes = fs.readFileSync(file);
    const whole = new Uint8Array(bytes.length);
    whole.set(bytes);
    const shifted = Buffer.alloc(bytes.length + 3).subarray(3);
    bytes.copy(shifted);
    for (const input of [whole, shifted]) {
      const table = WordVectorTable.fromBytes(input);
      expect(table.word(table.lookup('holiday'))).toBe('holiday');
      expect(table.similarity(table.lookup('holiday'), table.lookup('vacation'))).toBeGreaterThan(
        0.6,
      );
    }
    // In place: the table's rows are the very buffer it was given.
    expect(WordVectorTable.fromBytes(whole).rowData().buffer).toBe(whole.buffer);
  });

  it('opened from its file, reads only the rows asked for, and gives what the whole file in memory gives', async () => {
    const { file } = await ensureTableFile();
    const inMemory = WordVectorTable.fromBytes(new Uint8Array(fs.readFileSync(file)));
    const opened = await WordVectorTable.open(file);
    expect(opened.rowsInMemory).toBe(0);
    const words = ['holiday', 'vacation', 'car', 'vehicles', 'poorly', 'ill', 'invoice'];
    const rows = words.map((w) => opened.lookup(w));
    expect(rows).toEqual(words.map((w) => inMemory.lookup(w)));
    for (const a of rows)
      for (const b of rows) expect(opened.similarity(a, b)).toBe(inMemory.similarity(a, b));
    expect(opened.rowsInMemory).toBe(words.length);
    // Past its first capacity (256 rows): earlier rows keep their values as it grows.
    const many = Array.from({ length: 1000 }, (_, i) => (i * 197) % opened.count);
    const sum = (t: WordVectorTable) => {
      const v = new Float32Array(t.dims);
      for (const r of [...many, ...rows]) t.addTo(v, r, 0.5);
      return [...v];
    };
    expect(sum(opened)).toEqual(sum(inMemory));
    expect(opened.rowsInMemory).toBeLessThanOrEqual(many.length + rows.length);
  });
});

describe('createNearness', () => {
  it("gives each row's table cosine with the query word, or SYNONYM × its synonym's, for thousands of rows", async () => {
    const table = await loadWordVectors();
    const queryRows = ['poorly', 'holiday', 'car'].map((w) => table.lookup(w));
    expect(queryRows).not.toContain(-1);
    const nearness = createNearness(table, queryRows);
    const expected = (q: number, row: number) => {
      let sim = table.similarity(q, row);
      for (const s of table.synonyms(q)) sim = Math.max(sim, SYNONYM * table.similarity(s, row));
      return Math.fround(sim);
    };
    // Far more rows than its first arrays hold, each asked twice (the second from its cache).
    const rows = Array.from({ length: 3000 }, (_, i) => (i * 37) % table.count);
    for (const pass of [0, 1]) {
      for (const row of rows) {
        const at = nearness.of(row);
        const values = nearness.values();
        queryRows.forEach((q, i) =>
          expect(values[at + i], `${pass}:${row}`).toBe(expected(q, row)),
        );
      }
    }
    const ill = nearness.of(table.lookup('ill'));
    expect(nearness.values()[ill]).toBeGreaterThan(0.85);
  });
});
