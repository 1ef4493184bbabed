import type { PassageRow, SemanticRowsRepository } from '../../store/semanticRows';
import type { IndexedText, SemanticHit, SemanticIndex, SemanticSearch } from '../types';
import { analyse, countWords, dot, sifVector, unitSum, type Counts } from './meaning';
import { calibrate, createScorer, rarityAmong, readQuery } from './scoring';
import { splitSections } from './sections';
import { TopK } from './topK';
import { loadWordVectors } from './wordVectors/load';
import type { WordVectorTable } from './wordVectors/table';

/**
 * The embedded semantic index: word vectors from an npm package, no model
 * download, no network. Each file is cut into passages under their headings
 * (sections.ts); a passage keeps its words (table rows, and terms the table
 * lacks) and their SIF vector. A query is matched in two steps:
 *
 * 1. every passage of the drives asked for is scored by the cosine of its
 *    SIF vector with the query's, and the best few hundred are kept, with
 *    every passage of the files the caller names (keyword hits);
 * 2. each of those is scored word by word (scoring.ts): every query word is
 *    matched to the passage word nearest in meaning, or to one of its
 *    WordNet synonyms ("car" finds "vehicles", "poorly" finds "ill"),
 *    weighted by how telling the query word is here, and that is mixed
 *    with step 1's cosine and with how near the whole file is.
 *
 * A file scores as its best passage, which is returned (with the words that
 * matched) so a result can show it. Passages live in the store (table
 * semantic_passages, as words); in memory only rows, terms and vectors.
 */

export interface VectorIndexOptions {
  rows: SemanticRowsRepository;
  /** Where the converted word vectors are kept (DATA_DIR/cache). */
  cacheDir?: string;
}

/** Bumped when analysis changes; rows of another version are read again from their words. */
const ANALYSIS = 'vectors-1';
/** How much of a file's score is how near the whole file is to the query (the rest, its best passage). */
const FILE_SHARE = 0.3;
/** Passages scored word by word (step 2). */
const CANDIDATES = 400;

interface Passage {
  fileId: number;
  driveId: string;
  start: number;
  stop: number;
  heading: string;
  /** Distinct table rows of its words. */
  rows: Int32Array;
  /** Distinct words the table does not know. */
  terms: string[];
  vector: Float32Array;
}

const yieldToLoop = () => new Promise((resolve) => setImmediate(resolve));

/** Adds `by` to the count of each key, dropping the keys that reach 0. */
function tally<K>(counts: Map<K, number>, keys: Iterable<K>, by: 1 | -1): void {
  for (const key of keys) {
    const n = (counts.get(key) ?? 0) + by;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
  }
}

export function createVectorIndex(opts: VectorIndexOptions): SemanticIndex {
  const { rows } = opts;
  const files = new Map<number, Passage[]>();
  /** Each file as one text: the unit sum of its passages' vectors. */
  const fileVectors = new Map<number, Float32Array>();
  /** How many passages use each term the table lacks (a term no passage has is no evidence). */
  const termPassages = new Map<string, number>();
  /** How many passages have each table row (how common a word is here). */
  const rowPassages = new Map<number, number>();
  let passageCount = 0;
  let state: Promise<WordVectorTable> | null = null;

  const passageOf = (
    table: WordVectorTable,
    row: Pick<PassageRow, 'file_id' | 'drive_id' | 'start' | 'stop' | 'heading'>,
    words: Counts,
  ): Passage => {
    const a = analyse(table, words);
    return {
      fileId: row.file_id,
      driveId: row.drive_id,
      start: row.start,
      stop: row.stop,
      heading: row.heading,
      rows: Int32Array.from(a.rows.keys()),
      terms: [...a.terms.keys()],
      vector: sifVector(table, a.rows),
    };
  };

  const forget = (fileId: number) => {
    for (const p of files.get(fileId) ?? []) {
      passageCount--;
      tally(termPassages, p.terms, -1);
      tally(rowPassages, p.rows, -1);
    }
    files.delete(fileId);
    fileVectors.delete(fileId);
  };
  const remember = (fileId: number, list: Passage[]) => {
    forget(fileId);
    if (list.length === 0) return;
    files.set(fileId, list);
    fileVectors.set(
      fileId,
      unitSum(
        list.map((p) => p.vector),
        list[0]!.vector.length,
      ),
    );
    for (const p of list) {
      passageCount++;
      tally(termPassages, p.terms, 1);
      tally(rowPassages, p.rows, 1);
    }
  };

  const fromRow = (table: WordVectorTable, row: PassageRow) =>
    passageOf(table, row, new Map(JSON.parse(row.words) as [string, number][]));

  async function load(): Promise<WordVectorTable> {
    const table = await loadWordVectors(opts.cacheDir);
    const byFile = new Map<number, Passage[]>();
    const stale = new Map<number, PassageRow[]>();
    let read = 0;
    for await (const row of rows.passages()) {
      if (row.version !== ANALYSIS) {
        stale.set(row.file_id, [...(stale.get(row.file_id) ?? []), row]);
        continue;
      }
      const list = byFile.get(row.file_id) ?? [];
      list.push(fromRow(table, row));
      byFile.set(row.file_id, list);
      if (++read % 500 === 0) await yieldToLoop();
    }
    for (const [fileId, list] of byFile) remember(fileId, list);
    for (const [fileId, list] of stale) {
      await rows.putPassages(
        fileId,
        list.map(({ file_id: _f, ...r }) => ({ ...r, version: ANALYSIS })),
      );
      remember(
        fileId,
        list.map((r) => fromRow(table, r)),
      );
    }
    return table;
  }

  const ready = () => {
    if (!state) {
      state = load();
      state.catch(() => (state = null));
    }
    return state;
  };

  return {
    name: 'vectors',

    async upsert(doc: IndexedText) {
      const table = await ready();
      await yieldToLoop();
      const stored: Omit<PassageRow, 'file_id'>[] = [];
      const list: Passage[] = [];
      for (const section of splitSections(doc.text)) {
        const body = doc.text.slice(section.start, section.stop);
        const words = countWords(body);
        // A passage deep in a section still belongs to it: its heading's words count there too.
        if (section.heading && !body.startsWith(section.heading))
          for (const [w, n] of countWords(section.heading)) words.set(w, (words.get(w) ?? 0) + n);
        if (words.size === 0) continue;
        const row = {
          drive_id: doc.driveId,
          start: section.start,
          stop: section.stop,
          heading: section.heading,
        };
        stored.push({
          ...row,
          chunk: stored.length,
          version: ANALYSIS,
          words: JSON.stringify([...words]),
        });
        list.push(passageOf(table, { ...row, file_id: doc.fileId }, words));
        if (stored.length % 8 === 0) await yieldToLoop();
      }
      await rows.putPassages(doc.fileId, stored);
      remember(doc.fileId, list);
    },

    async remove(fileId) {
      await rows.removePassages(fileId);
      // A load under way may have read the file's rows before they went: forget them after it.
      const loading = state;
      if (loading && (await loading.then(() => true).catch(() => false))) forget(fileId);
    },

    async refresh(fileId) {
      // Not loaded yet: it reads every file when first used, this one included.
      const table = state && (await state.catch(() => null));
      if (!table) return;
      const current = (await rows.passagesOf(fileId)).filter((r) => r.version === ANALYSIS);
      remember(
        fileId,
        current.map((r) => fromRow(table, r)),
      );
    },

    async search(q: SemanticSearch) {
      const drives = new Set(q.driveIds);
      if (!q.query.trim() || drives.size === 0) return { hits: [], total: 0 };
      const table = await ready();
      const query = readQuery(table, q.query, (t) => termPassages.has(t));
      if (!query) return { hits: [], total: 0 };
      const { rows: queryRows, terms: queryTerms, vector: qv } = query;

      // Step 1: every passage by its cosine; the named files' passages in any case.
      const named = new Set(q.candidates ?? []);
      const top = new TopK<{ p: Passage; cosine: number }>(CANDIDATES);
      const kept: { p: Passage; cosine: number }[] = [];
      for (const list of files.values()) {
        if (!drives.has(list[0]!.driveId)) continue;
        const always = named.has(list[0]!.fileId);
        for (const p of list) {
          const cosine = dot(p.vector, qv);
          if (always || (queryTerms.length > 0 && queryTerms.some((t) => p.terms.includes(t))))
            kept.push({ p, cosine });
          // Most passages fall below the best few hundred: no object made for them.
          else if (cosine > top.floor) top.offer({ p, cosine }, cosine);
        }
      }

      // Step 2: word by word; a file is its best passage.
      const rarity = rarityAmong(passageCount, (row) => rowPassages.get(row) ?? 0);
      const score = createScorer(table, queryRows, queryTerms, rarity);
      const byFile = new Map<number, { p: Passage; score: number }>();
      for (const { p, cosine } of [...kept, ...top.best()]) {
        // What a whole file is about counts too: a paraphrase often names its topic, not a passage.
        const aboutFile = dot(fileVectors.get(p.fileId)!, qv);
        const s = (1 - FILE_SHARE) * score.score(p, cosine) + FILE_SHARE * Math.max(0, aboutFile);
        const had = byFile.get(p.fileId);
        if (!had || s > had.score) byFile.set(p.fileId, { p, score: s });
      }
      const scored = [...byFile.values()]
        .map(({ p, score: s }) => ({ p, score: calibrate(s) }))
        .filter((h) => h.score > 0 && h.score >= q.threshold)
        .sort((a, b) => b.score - a.score || a.p.fileId - b.p.fileId);
      const hits: SemanticHit[] = scored
        .slice(q.offset, q.offset + q.limit)
        .map(({ p, score: s }) => ({
          fileId: p.fileId,
          score: s,
          passage: { start: p.start, stop: p.stop, heading: p.heading },
          matched: score.matched(p),
        }));
      return { hits, total: scored.length };
    },
  };
}
