import { analyse, countWords, sifVector } from './meaning';
import { createNearness } from './nearness';
import type { WordVectorTable } from './wordVectors/table';

/**
 * How a passage answers a query, word by word: every query word is matched
 * to the passage word nearest in meaning ("holiday" finds "vacation"), or
 * nearest to one of the query word's WordNet synonyms ("poorly" finds "ill"),
 * weighted by how telling the query word is (SIF weight: "the" nothing,
 * "bereavement" much); a word the table lacks counts only where it occurs
 * as itself. That share is mixed with the cosine of the two SIF vectors.
 * Shared by the vector index and the passage ranking of one file.
 */

/** A query is read up to here: a pasted page asks no more than its first lines. */
export const MAX_QUERY_CHARS = 1000;
/** Query words matched one by one; the most telling are kept. */
const MAX_QUERY_WORDS = 24;
/** A query word's best passage word is shown as a match when at least this near. */
const SHOWN_MATCH = 0.6;
/** Words more common than this SIF weight (about the 400 most frequent) are not marked by meaning. */
const SHOWN_WEIGHT = 0.35;
/** Below this, a word's nearest match counts as no match at all. */
const NO_MATCH = 0.4;
/** How much of a passage's score is its word-by-word match (the rest, its cosine). */
const WORD_SHARE = 0.5;

export interface Query {
  /** Table rows of its words, most telling first. */
  rows: number[];
  /** Words the table lacks that the searched text has. */
  terms: string[];
  vector: Float32Array;
}

export interface Scored {
  rows: Int32Array;
  terms: string[];
}

/** The query's words, or undefined when it has none to match (blank, stop words, unknown script). */
export function readQuery(
  table: WordVectorTable,
  text: string,
  knownTerm: (term: string) => boolean,
): Query | undefined {
  const { rows: counts, terms } = analyse(table, countWords(text.slice(0, MAX_QUERY_CHARS)));
  const rows = [...counts.keys()]
    .sort((a, b) => table.weight(b) - table.weight(a))
    .slice(0, MAX_QUERY_WORDS);
  const known = [...terms.keys()].filter(knownTerm).slice(0, MAX_QUERY_WORDS);
  if (rows.length === 0 && known.length === 0) return undefined;
  return {
    rows,
    terms: known,
    vector: sifVector(table, new Map(rows.map((r) => [r, counts.get(r)!]))),
  };
}

/**
 * How rare each word is among `total` passages, 0..1 (1: in none), given how
 * many passages have it: log(1 + total / (1 + having)) / log(1 + total).
 */
export function rarityAmong(
  total: number,
  having: (row: number) => number,
): (row: number) => number {
  const most = Math.log(1 + total);
  return (row) => Math.log(1 + total / (1 + having(row))) / most;
}

export function createScorer(
  table: WordVectorTable,
  queryRows: number[],
  queryTerms: string[],
  /**
   * 0..1: how rare a word is among the searched passages (1: in none). A
   * query word most passages have ("leave" in an HR drive) tells them apart
   * less than one few have; unset, every word counts by its English rarity only.
   */
  rarity: (row: number) => number = () => 1,
) {
  const weights = queryRows.map((r) => table.weight(r) * rarity(r));
  const termWeight = 1;
  const total = weights.reduce((a, b) => a + b, 0) + queryTerms.length * termWeight;
  const nearness = createNearness(table, queryRows);
  const n = queryRows.length;
  const best = new Float32Array(n);
  return {
    score(p: Scored, cosine: number): number {
      best.fill(0);
      for (const row of p.rows) {
        const at = nearness.of(row);
        const sims = nearness.values();
        for (let i = 0; i < n; i++) if (sims[at + i]! > best[i]!) best[i] = sims[at + i]!;
      }
      let sum = 0;
      for (let i = 0; i < best.length; i++) {
        const m = best[i]!;
        if (m > NO_MATCH) sum += weights[i]! * ((m - NO_MATCH) / (1 - NO_MATCH));
      }
      for (const t of queryTerms) if (p.terms.includes(t)) sum += termWeight;
      const words = total > 0 ? sum / total : 0;
      return WORD_SHARE * words + (1 - WORD_SHARE) * Math.max(0, cosine);
    },
    /**
     * The passage words shown as matches: for each telling query word, the
     * passage word that matched it best (itself, or one near enough in
     * meaning). Common words on either side ("new", "long"; "two", "next")
     * match something in every passage and would mark noise.
     */
    matched(p: Scored): string[] {
      const out = new Set<string>();
      for (let i = 0; i < queryRows.length; i++) {
        if (table.weight(queryRows[i]!) < SHOWN_WEIGHT) continue;
        let bestRow = -1;
        let bestSim = SHOWN_MATCH;
        for (const row of p.rows) {
          const at = nearness.of(row);
          const sim = nearness.values()[at + i]!;
          if (sim >= bestSim && (sim > 0.99 || table.weight(row) >= SHOWN_WEIGHT))
            [bestRow, bestSim] = [row, sim];
        }
        if (bestRow >= 0) out.add(table.word(bestRow));
      }
      for (const t of queryTerms) if (p.terms.includes(t)) out.add(t);
      return [...out];
    },
  };
}

/**
 * A raw score as shown (0..1). `baseline` is what text unrelated to the
 * query still scores (loose word matches): scores are measured from there.
 * The index keeps it at 0, so that the default threshold (25 %) does not
 * hide a fair paraphrase match (see the eval); ranking one file's passages
 * removes it, so a passage about something else scores near 0.
 */
export function calibrate(raw: number, baseline = 0): number {
  return Math.min(1, Math.max(0, (raw - baseline) / (1 - baseline)));
}
