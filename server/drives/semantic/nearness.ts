import type { WordVectorTable } from './wordVectors/table';

/**
 * How near a passage word (a table row) is to each query word: the cosine
 * with the word itself, or SYNONYM × the cosine with one of its WordNet
 * synonyms when that is higher ("ill" in a passage for "poorly"). Computed
 * once per row and query, into one growing Float32Array, found again by an
 * open-addressing hash of typed arrays (a search looks up tens of thousands
 * of passage words: no array per word, and no Map, which cost more than
 * the arithmetic).
 */

/** A passage word matching a query word's synonym counts this much of a match to the word. */
export const SYNONYM = 0.9;

export interface Nearness {
  /** Where the row's nearness to query word i is: values()[of(row) + i]. */
  of(row: number): number;
  /** Every row's values so far; read it after of() (which may grow it). */
  values(): Float32Array;
}

/**
 * Each query word's alternatives (itself, then its synonyms) side by side:
 * their int8 components copied into float64s, so that the inner loop is
 * plain float arithmetic over contiguous memory. The products of int8
 * values and their sums are exact integers in a float64, so the cosines
 * are exactly table.similarity's.
 */
interface Alternatives {
  /** Query word i's alternatives are start[i] … start[i+1]-1; the first is the word itself. */
  start: Int32Array;
  components: Float64Array;
  scales: Float64Array;
}

function alternativesOf(table: WordVectorTable, queryRows: readonly number[]): Alternatives {
  const rows = queryRows.flatMap((r) => [r, ...table.synonyms(r)]);
  const start = new Int32Array(queryRows.length + 1);
  queryRows.forEach((r, i) => (start[i + 1] = start[i]! + 1 + table.synonyms(r).length));
  const { dims } = table;
  const components = new Float64Array(rows.length * dims);
  rows.forEach((r, a) => {
    const at = table.rowAt(r);
    components.set(table.rowData().subarray(at, at + dims), a * dims);
  });
  return { start, components, scales: Float64Array.from(rows, (r) => table.scales[r]!) };
}

export function createNearness(table: WordVectorTable, queryRows: readonly number[]): Nearness {
  const { scales, dims } = table;
  const n = queryRows.length;
  const alternatives = alternativesOf(table, queryRows);
  const { start, components } = alternatives;
  const altScales = alternatives.scales;
  /** The row being computed, as float64s. */
  const row64 = new Float64Array(dims);
  // Four running sums, not one: each addition no longer waits for the one
  // before it (most of a search's time went to that chain). The sums are of
  // integers, exact in any order, so the dot is still table.similarity's.
  const quads = dims - (dims % 4);
  const cosineWith = (a: number, rowScale: number) => {
    const base = a * dims;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let d = 0;
    for (let j = base; d < quads; d += 4, j += 4) {
      s0 += components[j]! * row64[d]!;
      s1 += components[j + 1]! * row64[d + 1]!;
      s2 += components[j + 2]! * row64[d + 2]!;
      s3 += components[j + 3]! * row64[d + 3]!;
    }
    for (let j = base + d; d < dims; d++, j++) s0 += components[j]! * row64[d]!;
    // As table.similarity: the integer dot, then the two scales, in that order.
    return (s0 + s1 + s2 + s3) * altScales[a]! * rowScale;
  };
  let sims = new Float32Array(Math.max(1, n) * 256);
  let used = 0;
  // Rows (-1: empty) and where their values start; never more than half full.
  let keys = new Int32Array(1024).fill(-1);
  let offsets = new Int32Array(1024);
  let count = 0;
  const slotOf = (row: number, k: Int32Array) => {
    const mask = k.length - 1;
    // Fibonacci hashing: the top bits of row × 2^32/φ, as many as the table has slots.
    let slot = Math.imul(row, 0x9e3779b1) >>> (Math.clz32(k.length) + 1);
    while (k[slot] !== -1 && k[slot] !== row) slot = (slot + 1) & mask;
    return slot;
  };
  const grow = () => {
    const oldKeys = keys;
    const oldOffsets = offsets;
    keys = new Int32Array(oldKeys.length * 2).fill(-1);
    offsets = new Int32Array(oldKeys.length * 2);
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] === -1) continue;
      const slot = slotOf(oldKeys[i]!, keys);
      keys[slot] = oldKeys[i]!;
      offsets[slot] = oldOffsets[i]!;
    }
  };
  return {
    values: () => sims,
    of(row) {
      let slot = slotOf(row, keys);
      if (keys[slot] === row) return offsets[slot]!;
      if (2 * (count + 1) > keys.length) {
        grow();
        slot = slotOf(row, keys);
      }
      const offset = used;
      if (offset + n > sims.length) {
        const bigger = new Float32Array(sims.length * 2);
        bigger.set(sims);
        sims = bigger;
      }
      used += n;
      keys[slot] = row;
      offsets[slot] = offset;
      count++;
      const from = table.rowAt(row);
      const vectors = table.rowData();
      for (let d = 0, r = from; d < dims; d++, r++) row64[d] = vectors[r]!;
      const rowScale = scales[row]!;
      for (let i = 0; i < n; i++) {
        let sim = cosineWith(start[i]!, rowScale);
        for (let a = start[i]! + 1; a < start[i + 1]!; a++)
          sim = Math.max(sim, SYNONYM * cosineWith(a, rowScale));
        sims[offset + i] = sim;
      }
      return offset;
    },
  };
}
