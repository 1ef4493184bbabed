import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { seededRng } from '../tests/server/frames/fuzzFrames';

/**
 * Text for the benches, made from the words of the demo documents, seeded so
 * that every run (and every store in one run) gets the same corpus.
 */

const SEED_DOCUMENTS = 'server/seed/documents';

/** Each word of the demo documents (4–12 letters, lower case) with how often it occurs there. */
function wordCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(md|txt|html)$/.test(e.name)) {
        for (const w of fs
          .readFileSync(p, 'utf8')
          .toLowerCase()
          .match(/[a-z]{4,12}/g) ?? [])
          counts.set(w, (counts.get(w) ?? 0) + 1);
      }
    }
  };
  walk(SEED_DOCUMENTS);
  return counts;
}

/** A vocabulary of real words, taken from the demo documents. */
export function vocabulary(): string[] {
  return [...wordCounts().keys()];
}

/** `n` words of `words`, each equally likely, from a fixed seed. */
export function randomText(words: string[], n: number, seed: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(words[x % words.length]!);
  }
  return out.join(' ');
}

/** Draws words as often as they occur in the demo documents ("with" often, "walrus" rarely). */
function weightedWords(random: () => number): () => string {
  const entries = [...wordCounts()];
  const words = entries.map(([w]) => w);
  const cumulative: number[] = [];
  let total = 0;
  for (const [, n] of entries) cumulative.push((total += n));
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return words[lo]!;
  };
}

export interface CorpusFile {
  path: string;
  mimeType: string;
  size: number;
  hash: string;
  /** The text extraction would find in it. */
  body: string;
}

const AREAS = [
  'finance',
  'engineering',
  'research',
  'sales',
  'handbook',
  'marketing',
  'legal',
  'notes',
  'meetings',
  'design',
  'support',
  'people',
];

/** Extension, MIME type, and how much larger the file is than its text (a PDF is not its words). */
const KINDS: [string, string, number][] = [
  ['md', 'text/markdown', 1],
  ['md', 'text/markdown', 1],
  ['txt', 'text/plain', 1],
  ['html', 'text/html', 1.6],
  ['pdf', 'application/pdf', 4],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 3],
];

/**
 * `count` files as uploads to a team drive leave them: a few top folders,
 * project folders and years below them, names of one to four words with a
 * date or version now and then, and bodies of sentences whose words occur as
 * often as in the demo documents (common words in most files, rare ones in
 * few), from a few words to a few pages long.
 */
export function driveCorpus(count: number, seed = 1): CorpusFile[] {
  const random = seededRng(seed);
  const word = weightedWords(random);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const projects = Array.from({ length: 60 }, () => `${word()}-${word()}`);
  const seen = new Set<string>();
  const files: CorpusFile[] = [];
  for (let i = 0; i < count; i++) {
    const [ext, mimeType, bloat] = pick(KINDS);
    const folder = [pick(AREAS), pick(projects)];
    if (random() < 0.5) folder.push(String(2019 + Math.floor(random() * 8)));
    const nameWords = Array.from({ length: 1 + Math.floor(random() * 4) }, word);
    const suffix = random();
    if (suffix < 0.2) nameWords.push(`${2019 + Math.floor(random() * 8)}-${pick(MONTHS)}`);
    else if (suffix < 0.3) nameWords.push(`v${1 + Math.floor(random() * 5)}`);
    else if (suffix < 0.4) nameWords.push(`q${1 + Math.floor(random() * 4)}`);
    const stem = `${folder.join('/')}/${nameWords.join('-')}`;
    let filePath = `${stem}.${ext}`;
    for (let n = 2; seen.has(filePath); n++) filePath = `${stem}-${n}.${ext}`;
    seen.add(filePath);

    // Lengths spread like real notes and reports: many short, a long tail (about 20–1,500 words).
    const length = Math.round(20 * Math.exp(random() * random() * 4.3));
    const sentences: string[] = [];
    for (let left = length; left > 0;) {
      const n = Math.min(left, 6 + Math.floor(random() * 14));
      const s = Array.from({ length: n }, word).join(' ');
      sentences.push(`${s[0]!.toUpperCase()}${s.slice(1)}.`);
      left -= n;
    }
    const body = sentences.join(' ');
    files.push({
      path: filePath,
      mimeType,
      size: Math.round(Buffer.byteLength(body) * bloat),
      hash: createHash('sha256').update(filePath).update(body).digest('hex'),
      body,
    });
  }
  return files;
}

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

/**
 * Searches people type: one or two words of the vocabulary, each equally
 * likely, so some are common words that match most files and most are
 * rarer ones that match a few.
 */
export function textQueries(count: number, seed = 3): string[] {
  const words = vocabulary();
  return Array.from({ length: count }, (_, i) => randomText(words, 1 + (i % 2), 7919 * (i + seed)));
}
