import { tokenize } from './tokens';
import type { WordVectorTable } from './wordVectors/table';

/**
 * A text's words as the vector index reads them: each content word (stop
 * words left out) is a row of the word-vector table, found by its spelling
 * or a plain variant of it ("invoices" → "invoice", "on-call" → "on" +
 * "call"); a word the table does not know (a product code, a name) stays a
 * term, matched only as itself.
 */

export type Counts = Map<string, number>;

/** Content words and how often each occurs. */
export function countWords(text: string): Counts {
  const counts: Counts = new Map();
  for (const t of tokenize(text)) if (!t.stop) counts.set(t.word, (counts.get(t.word) ?? 0) + 1);
  return counts;
}

function variants(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith('ies') && word.length > 4) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es') && word.length > 4) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) out.push(word.slice(0, -1));
  return out;
}

/** The rows a word stands for: one, its parts (a compound the table lacks), or none. */
export function rowsOf(table: WordVectorTable, word: string): number[] {
  const row = table.lookup(word);
  if (row >= 0) return [row];
  for (const v of variants(word)) {
    const r = table.lookup(v);
    if (r >= 0) return [r];
  }
  if (/['.-]/.test(word)) {
    const parts = word.split(/['.-]/).filter((p) => p.length > 1);
    const rows = parts.map((p) => table.lookup(p)).filter((r) => r >= 0);
    if (rows.length === parts.length) return rows;
  }
  return [];
}

export interface Analysed {
  /** Table rows with their counts. */
  rows: Map<number, number>;
  /** Words the table does not know, with their counts. */
  terms: Map<string, number>;
}

export function analyse(table: WordVectorTable, counts: Counts): Analysed {
  const rows = new Map<number, number>();
  const terms = new Map<string, number>();
  for (const [word, n] of counts) {
    const found = rowsOf(table, word);
    if (found.length === 0) terms.set(word, (terms.get(word) ?? 0) + n);
    for (const r of found) rows.set(r, (rows.get(r) ?? 0) + n);
  }
  return { rows, terms };
}

/**
 * The text's SIF vector (smooth inverse frequency, Arora et al. 2017): the
 * sum of its words' unit vectors, each weighted a / (a + p(word)), less its
 * part along the direction all text shares, of unit length (zero when the
 * text has no known word).
 */
export function sifVector(table: WordVectorTable, rows: Map<number, number>): Float32Array {
  const v = new Float32Array(table.dims);
  for (const [row, n] of rows) table.addTo(v, row, table.weight(row) * (1 + Math.log(n)));
  const c = table.common;
  const along = dot(v, c);
  let norm = 0;
  for (let d = 0; d < v.length; d++) {
    v[d] = v[d]! - along * c[d]!;
    norm += v[d]! * v[d]!;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let d = 0; d < v.length; d++) v[d] = v[d]! / norm;
  return v;
}

/** The dot product of two vectors of one length (the cosine, when both are of unit length). */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += a[d]! * b[d]!;
  return sum;
}

/** The unit-length sum of vectors (zero when they cancel out or there are none). */
export function unitSum(vectors: Float32Array[], dims: number): Float32Array {
  const sum = new Float32Array(dims);
  for (const v of vectors) for (let d = 0; d < dims; d++) sum[d] = sum[d]! + v[d]!;
  const norm = Math.sqrt(dot(sum, sum));
  if (norm > 0) for (let d = 0; d < dims; d++) sum[d] = sum[d]! / norm;
  return sum;
}
