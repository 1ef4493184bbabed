import { stemmer } from 'stemmer';
import { tokenize } from '../semantic/tokens';
import type { Sentence } from './sections';

/**
 * Extractive summary by TextRank (Mihalcea & Tarau 2004): sentences are the
 * nodes of a graph weighted by their TF-IDF cosine similarity (Porter stems,
 * stop words left out), and PageRank finds the most central ones — those
 * that say what many others also say. A topic ("what does it say about
 * expenses") biases the random jumps toward sentences about it (topic-
 * sensitive PageRank). The picks are spread over sections (a section's
 * second sentence only once every section had its turn) and near-duplicates
 * are skipped; they come back in the document's order.
 *
 * Hand-written rather than a library: the npm TextRank packages are
 * unmaintained, and the maintained NLP kits either load model weights or
 * bring large dependency trees; this needs only a stemmer (`stemmer`).
 */

export const MIN_SUMMARY = 3;
export const MAX_SUMMARY = 6;
/** Sentences shorter than this (in words) say too little to stand alone in a summary. */
const MIN_WORDS = 4;
/** Longer ones are walls of text (or extraction noise), not summary material. */
const MAX_CHARS = 400;
const DAMPING = 0.85;
const ITERATIONS = 60;
/** Two picks this similar say the same thing: the second is skipped. */
const REDUNDANT = 0.5;
/** Rows of the similarity matrix computed between yields to the event loop. */
const ROWS_PER_SLICE = 40;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Content-word stems of a text, counted. */
export function stemsOf(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tokenize(text)) {
    if (t.stop) continue;
    for (const part of t.word.split(/[-.']+/)) {
      if (part.length < 2) continue;
      const stem = stemmer(part);
      out.set(stem, (out.get(stem) ?? 0) + 1);
    }
  }
  return out;
}

type Vector = Map<string, number>;

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [k, w] of small) {
    const v = large.get(k);
    if (v !== undefined) dot += w * v;
  }
  return dot;
}

function eligible(s: Sentence, stems: Map<string, number>): boolean {
  return s.text.length <= MAX_CHARS && s.text.split(/\s+/).length >= MIN_WORDS && stems.size >= 2;
}

/** Unit-length TF-IDF vectors (sublinear term frequency). */
function vectorsOf(stems: Map<string, number>[]): Vector[] {
  const df = new Map<string, number>();
  for (const s of stems) for (const k of s.keys()) df.set(k, (df.get(k) ?? 0) + 1);
  const n = stems.length;
  return stems.map((s) => {
    const v: Vector = new Map();
    let norm = 0;
    for (const [k, tf] of s) {
      const w = (1 + Math.log(tf)) * Math.log(1 + n / df.get(k)!);
      v.set(k, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [k, w] of v) v.set(k, w / norm);
    return v;
  });
}

/** PageRank over a dense similarity matrix, jumping to nodes in proportion to `jump`. */
function pageRank(sim: Float32Array, n: number, jump: number[]): number[] {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i]! += sim[i * n + j]!;
  const jumpSum = jump.reduce((a, b) => a + b, 0) || 1;
  const p = jump.map((x) => x / jumpSum);
  let rank = p.slice();
  for (let it = 0; it < ITERATIONS; it++) {
    const next = p.map((x) => (1 - DAMPING) * x);
    for (let j = 0; j < n; j++) {
      // A sentence like no other hands its rank back to the jump distribution.
      if (out[j] === 0) {
        for (let i = 0; i < n; i++) next[i]! += DAMPING * rank[j]! * p[i]!;
        continue;
      }
      const share = (DAMPING * rank[j]!) / out[j]!;
      for (let i = 0; i < n; i++) {
        const w = sim[j * n + i]!;
        if (w) next[i]! += share * w;
      }
    }
    const delta = next.reduce((d, x, i) => d + Math.abs(x - rank[i]!), 0);
    rank = next;
    if (delta < 1e-7) break;
  }
  return rank;
}

/** How much of the topic a sentence (or the heading it sits under) mentions, 0..1. */
function topicShare(
  topic: Map<string, number>,
  stems: Map<string, number>,
  heading: Vector,
): number {
  if (topic.size === 0) return 0;
  let hit = 0;
  for (const k of topic.keys()) if (stems.has(k) || heading.has(k)) hit++;
  return hit / topic.size;
}

export interface SummaryOptions {
  /** What the summary should be about within the document (may be empty). */
  topic?: string;
  /** Sentences wanted; by default one per section, between MIN_SUMMARY and MAX_SUMMARY. */
  count?: number;
}

/**
 * The most central sentences, in document order (never more than MAX_SUMMARY);
 * with a topic, only sentences that mention it (or sit under a heading that does).
 */
export async function selectSentences<T extends Sentence>(
  sentences: T[],
  opts: SummaryOptions = {},
): Promise<T[]> {
  const stemmed = sentences.map((s) => stemsOf(s.text));
  await yieldToLoop();
  let pool = sentences
    .map((s, i) => ({ s, stems: stemmed[i]! }))
    .filter((x) => eligible(x.s, x.stems));
  const topic = stemsOf(opts.topic ?? '');
  const headingStems = new Map<string, Vector>();
  const share = (x: (typeof pool)[number]) => {
    const h = x.s.heading ?? '';
    if (!headingStems.has(h)) headingStems.set(h, stemsOf(h));
    return topicShare(topic, x.stems, headingStems.get(h)!);
  };
  if (topic.size > 0) {
    // About a topic: only what mentions it (nothing, when nothing does).
    pool = pool.filter((x) => share(x) > 0);
  }
  const n = pool.length;
  if (n === 0) return [];
  const sectionOf = (s: Sentence) => `${s.source ?? ''}\u0000${s.heading ?? ''}`;
  const sections = new Set(pool.map((x) => sectionOf(x.s))).size;
  const count = Math.min(
    MAX_SUMMARY,
    n,
    opts.count ?? Math.max(MIN_SUMMARY, Math.min(MAX_SUMMARY, sections)),
  );
  const vectors = vectorsOf(pool.map((x) => x.stems));
  const sim = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    if (i % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await yieldToLoop();
    for (let j = i + 1; j < n; j++) {
      const w = cosine(vectors[i]!, vectors[j]!);
      sim[i * n + j] = w;
      sim[j * n + i] = w;
    }
  }
  await yieldToLoop();
  const jump = pool.map((x) => 1 + (x.s.lead ? 1 : 0) + 2 * share(x));
  const rank = pageRank(sim, n, jump);
  await yieldToLoop();
  const byRank = pool.map((_, i) => i).sort((a, b) => rank[b]! - rank[a]! || a - b);
  const picked: number[] = [];
  const used = new Set<string>();
  const redundant = (i: number) => picked.some((j) => sim[i * n + j]! >= REDUNDANT);
  for (const spread of [true, false]) {
    for (const i of byRank) {
      if (picked.length >= count) break;
      const section = sectionOf(pool[i]!.s);
      if (picked.includes(i) || redundant(i) || (spread && used.has(section))) continue;
      picked.push(i);
      used.add(section);
    }
  }
  return picked.map((i) => pool[i]!.s).sort((a, b) => a.order - b.order);
}
