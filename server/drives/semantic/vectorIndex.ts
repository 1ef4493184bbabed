import type { PassageRow, SemanticRowsRepository } from '../../store/semanticRows';
import type { IndexedText, SemanticHit, SemanticIndex, SemanticSearch } from '../types';
import { analyse, countWords, sifVector, unitSum, type Counts } from './meaning';
import { pickCandidates } from './candidates';
import { calibrate, createScorer, rarityAmong, readQuery } from './scoring';
import { splitSections } from './sections';
import { VectorSlots } from './vectorSlots';
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
 *    every passage of the files the caller names (keyword hits) and every
 *    one with a query word the table lacks (candidates.ts);
 * 2. each of those is scored word by word (scoring.ts): every query word is
 *    matched to the passage word nearest in meaning, or to one of its
 *    WordNet synonyms ("car" finds "vehicles", "poorly" finds "ill"),
 *    weighted by how telling the query word is here, and that is mixed
 *    with step 1's cosine and with how near the whole file is.
 *
 * A file scores as its best passage, which is returned (with the words that
 * matched) so a result can show it. Passages live in the store (table
 * semantic_passages, as words); in memory only rows, terms and vectors,
 * the vectors in one array (vectorSlots.ts) that step 1 reads in one loop.
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
  start: number;
  stop: number;
  heading: string;
  /** Distinct table rows of its words. */
  rows: Int32Array;
  /** Distinct words the table does not know. */
  terms: string[];
  /** Where its SIF vector is in `passageVectors`. */
  slot: number;
}

/**
 * A passage as read, before `remember` gives its vector a slot, in the
 * group of its drive (a small number: step 1 tests it against the drives asked for).
 */
type Draft = Omit<Passage, 'slot'> & { drive: number; vector: Float32Array };

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
  /** Every passage's SIF vector, and the passage in each slot (undefined: a free slot). */
  let passageVectors: VectorSlots | null = null;
  const passageAt: (Passage | undefined)[] = [];
  /** Each file as one text: the unit sum of its passages' vectors, by file. */
  let fileVectors: VectorSlots | null = null;
  const fileSlots = new Map<number, number>();
  /** Drive ids as the small numbers passages keep. */
  const driveNumbers = new Map<string, number>();
  /**
   * The slots of the passages with each term the table lacks: a passage with
   * a query's term is always scored (a term no passage has is no evidence).
   */
  const termSlots = new Map<string, Set<number>>();
  /** How many passages have each table row (how common a word is here). */
  const rowPassages = new Map<number, number>();
  let passageCount = 0;
  let state: Promise<WordVectorTable> | null = null;

  const driveNumber = (driveId: string) => {
    let n = driveNumbers.get(driveId);
    if (n === undefined) driveNumbers.set(driveId, (n = driveNumbers.size));
    return n;
  };

  const passageOf = (
    table: WordVectorTable,
    row: Pick<PassageRow, 'file_id' | 'drive_id' | 'start' | 'stop' | 'heading'>,
    words: Counts,
  ): Draft => {
    const a = analyse(table, words);
    return {
      fileId: row.file_id,
      drive: driveNumber(row.drive_id),
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
      for (const t of p.terms) {
        const slots = termSlots.get(t)!;
        slots.delete(p.slot);
        if (slots.size === 0) termSlots.delete(t);
      }
      tally(rowPassages, p.rows, -1);
      passageVectors!.release(p.slot);
      passageAt[p.slot] = undefined;
    }
    files.delete(fileId);
    const slot = fileSlots.get(fileId);
    if (slot !== undefined) fileVectors!.release(slot);
    fileSlots.delete(fileId);
  };
  /** The file's passages from now on: each vector moves into a slot (the draft's copy is dropped). */
  const remember = (fileId: number, drafts: Draft[]) => {
    forget(fileId);
    if (drafts.length === 0) return;
    const dims = drafts[0]!.vector.length;
    const vectors = (passageVectors ??= new VectorSlots(dims));
    fileVectors ??= new VectorSlots(dims);
    fileSlots.set(
      fileId,
      fileVectors.add(
        unitSum(
          drafts.map((d) => d.vector),
          dims,
        ),
      ),
    );
    const list = drafts.map(({ vector, drive, ...rest }): Passage => {
      const p = { ...rest, slot: vectors.add(vector, drive) };
      passageAt[p.slot] = p;
      return p;
    });
    files.set(fileId, list);
    for (const p of list) {
      passageCount++;
      for (const t of p.terms) {
        const slots = termSlots.get(t);
        if (slots) slots.add(p.slot);
        else termSlots.set(t, new Set([p.slot]));
      }
      tally(rowPassages, p.rows, 1);
    }
  };

  const fromRow = (table: WordVectorTable, row: PassageRow) =>
    passageOf(table, row, new Map(JSON.parse(row.words) as [string, number][]));

  async function load(): Promise<WordVectorTable> {
    const table = await loadWordVectors(opts.cacheDir);
    const byFile = new Map<number, Draft[]>();
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
      const list: Draft[] = [];
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
      const query = readQuery(table, q.query, (t) => termSlots.has(t));
      if (!query) return { hits: [], total: 0 };
      const { rows: queryRows, terms: queryTerms, vector: qv } = query;

      const vectors = passageVectors;
      const aboutFiles = fileVectors;
      if (!vectors || !aboutFiles) return { hits: [], total: 0 };

      // Step 1: the passages worth scoring word by word (candidates.ts).
      const wanted = new Uint8Array(driveNumbers.size);
      for (const id of drives) {
        const n = driveNumbers.get(id);
        if (n !== undefined) wanted[n] = 1;
      }
      // Kept whatever their cosine: the passages of the files named and those with a query term.
      const named = q.candidates ?? [];
      const keep = named.length || queryTerms.length ? new Uint8Array(vectors.end) : null;
      for (const fileId of named) for (const p of files.get(fileId) ?? []) keep![p.slot] = 1;
      for (const t of queryTerms) for (const slot of termSlots.get(t) ?? []) keep![slot] = 1;
      const candidates = pickCandidates(vectors, { vector: qv, wanted, keep }, CANDIDATES);

      // Step 2: word by word; a file is its best passage.
      const rarity = rarityAmong(passageCount, (row) => rowPassages.get(row) ?? 0);
      const score = createScorer(table, queryRows, queryTerms, rarity);
      const byFile = new Map<number, { p: Passage; score: number }>();
      // What a whole file is about counts too: a paraphrase often names its topic, not a passage.
      const chosen = candidates.slots.length;
      const candidateFiles = new Int32Array(chosen);
      for (let c = 0; c < chosen; c++)
        candidateFiles[c] = fileSlots.get(passageAt[candidates.slots[c]!]!.fileId)!;
      const aboutFileOf = new Float64Array(chosen);
      aboutFiles.dots(candidateFiles, chosen, qv, aboutFileOf);
      candidates.slots.forEach((slot, c) => {
        const p = passageAt[slot]!;
        const cosine = candidates.cosines[c]!;
        const aboutFile = aboutFileOf[c]!;
        const s = (1 - FILE_SHARE) * score.score(p, cosine) + FILE_SHARE * Math.max(0, aboutFile);
        const had = byFile.get(p.fileId);
        if (!had || s > had.score) byFile.set(p.fileId, { p, score: s });
      });
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
