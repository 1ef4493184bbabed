import { analyse, countWords, dot, sifVector } from './meaning';
import { calibrate, createScorer, rarityAmong, readQuery } from './scoring';
import { splitSections } from './sections';
import { loadWordVectors } from './wordVectors/load';

/**
 * The passages of one file that best answer a query, by meaning (the same
 * word-by-word scoring as the vector index), each with the heading it sits
 * under. Used by the meeting's drive_search tool to quote, and cite, the
 * relevant part of a document rather than its first lines.
 */

/** What a passage about something else still scores against a query (loose word matches). */
const UNRELATED = 0.2;

export interface Passage {
  text: string;
  /** Character offset of the passage in the text. */
  start: number;
  /** The heading above it ('' when none). */
  heading: string;
  /** 0..1 */
  score: number;
}

/** The file's passages, best first (at most `limit`), each scored 0..1 against the query. */
export async function rankPassages(text: string, query: string, limit = 3): Promise<Passage[]> {
  const sections = splitSections(text, { target: 500, max: 900 });
  if (sections.length === 0) return [];
  const table = await loadWordVectors();
  const read = sections.map((s) => analyse(table, countWords(text.slice(s.start, s.stop))));
  const terms = new Set(read.flatMap((a) => [...a.terms.keys()]));
  const q = readQuery(table, query, (t) => terms.has(t));
  if (!q) return [];
  // Words most of the file's passages have ("travel" in a travel policy) tell its passages apart least.
  const df = new Map<number, number>();
  for (const a of read) for (const r of a.rows.keys()) df.set(r, (df.get(r) ?? 0) + 1);
  const n = sections.length;
  const rarity = rarityAmong(n, (row) => df.get(row) ?? 0);
  const scorer = createScorer(table, q.rows, q.terms, n > 1 ? rarity : undefined);
  return sections
    .map((s, i) => {
      const a = read[i]!;
      const score = scorer.score(
        { rows: Int32Array.from(a.rows.keys()), terms: [...a.terms.keys()] },
        dot(sifVector(table, a.rows), q.vector),
      );
      return {
        text: text.slice(s.start, s.stop).trim(),
        start: s.start,
        heading: s.heading,
        score: calibrate(score, UNRELATED),
      };
    })
    .sort((x, y) => y.score - x.score || x.start - y.start)
    .slice(0, limit);
}
