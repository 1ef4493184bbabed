import { ConceptAnalyzer } from './concepts';
import type { ConceptVector } from './concepts';
import { calibrate } from './conceptIndex';
import { loadWordNet } from './wordnet';

/**
 * The passages of one file that best answer a query, by meaning (the same
 * WordNet concepts as the concept index, with the file's own passages as
 * the corpus for IDF). Used by the meeting's drive_search tool to quote the
 * relevant part of a document rather than its first lines.
 */

export interface Passage {
  text: string;
  /** Character offset of the passage in the text. */
  start: number;
  /** 0..1 */
  score: number;
}

const MIN = 160;
const MAX = 700;

/** Paragraphs, with short ones (headings, list items) merged forward and long ones cut at sentences. */
export function splitPassages(text: string): { text: string; start: number }[] {
  const parts: { text: string; start: number }[] = [];
  for (const m of text.matchAll(/[^\n]+(?:\n(?!\s*\n)[^\n]*)*/g)) {
    const body = m[0].trim();
    if (body) parts.push({ text: body, start: m.index + m[0].indexOf(body.slice(0, 1)) });
  }
  const merged: { text: string; start: number }[] = [];
  let open: { text: string; start: number } | null = null;
  for (const p of parts) {
    open = open ? { text: `${open.text}\n${p.text}`, start: open.start } : { ...p };
    if (open.text.length >= MIN) {
      merged.push(open);
      open = null;
    }
  }
  if (open) {
    const last = merged.at(-1);
    if (last && last.text.length + open.text.length <= MAX) last.text += `\n${open.text}`;
    else merged.push(open);
  }
  const out: { text: string; start: number }[] = [];
  for (const p of merged) {
    if (p.text.length <= MAX) {
      out.push(p);
      continue;
    }
    let piece = '';
    let offset = p.start;
    for (const sentence of p.text.split(/(?<=[.!?])\s+/)) {
      if (piece && piece.length + sentence.length > MAX) {
        out.push({ text: piece, start: offset });
        offset += piece.length + 1;
        piece = '';
      }
      piece = piece ? `${piece} ${sentence}` : sentence;
    }
    if (piece) out.push({ text: piece, start: offset });
  }
  return out.map((p) => ({ text: p.text.slice(0, MAX * 2), start: p.start }));
}

let shared: Promise<ConceptAnalyzer> | null = null;
function analyzer(): Promise<ConceptAnalyzer> {
  if (!shared) {
    shared = loadWordNet().then((wn) => new ConceptAnalyzer(wn));
    shared.catch(() => (shared = null));
  }
  return shared;
}

function cosine(a: ConceptVector, b: ConceptVector, idf: (id: number) => number): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.ids.length; i++) na += (a.weights[i]! * idf(a.ids[i]!)) ** 2;
  for (let i = 0; i < b.ids.length; i++) nb += (b.weights[i]! * idf(b.ids[i]!)) ** 2;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) {
      dot += a.weights[i]! * b.weights[j]! * idf(x) ** 2;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The file's passages, best first (at most `limit`), each scored 0..1 against the query. */
export async function rankPassages(text: string, query: string, limit = 3): Promise<Passage[]> {
  const pieces = splitPassages(text);
  if (pieces.length === 0) return [];
  const a = await analyzer();
  const q = a.vector(a.bag(query), Infinity);
  const vectors = pieces.map((p) => a.vector(a.bag(p.text)));
  const df = new Map<number, number>();
  for (const v of vectors) for (const id of v.ids) df.set(id, (df.get(id) ?? 0) + 1);
  const idf = (id: number) => Math.log(1 + vectors.length / Math.max(1, df.get(id) ?? 0));
  return pieces
    .map((p, i) => ({ ...p, score: calibrate(cosine(q, vectors[i]!, idf)) }))
    .sort((x, y) => y.score - x.score || x.start - y.start)
    .slice(0, limit);
}
