import { baseForms } from './morphology';
import { isStopWord, tokenize } from './tokens';
import type { WordNet } from './wordnet';

/**
 * Words to WordNet concepts. A text becomes a bag of words (and WordNet
 * compounds such as heart_disease); each word becomes a weighted set of
 * concepts: its senses (earlier senses weigh more), their derivationally
 * related forms, pertainyms and similar adjectives, and their hypernyms up
 * to three levels with decaying weight. Specific concepts weigh more than
 * general ones (intrinsic information content). Two texts that name the same
 * things with different words — synonyms, broader or narrower terms — end up
 * sharing concepts.
 */

/** A bag of words: word (or compound lemma) → occurrences. */
export type Bag = Record<string, number>;

/** A sparse concept vector, ids ascending. Ids below WordNet's size are synsets; above, plain terms. */
export interface ConceptVector {
  ids: Int32Array;
  weights: Float32Array;
}

const POS_WEIGHT = [1, 0.7, 0.7, 0.5];
const SENSE_DECAY = 0.55;
const MAX_SENSES = 8;
const TAG_EXPONENT = 0.6;
const HYPERNYM_DECAY = 0.8;
const HYPERNYM_LEVELS = 5;
const IC_EXPONENT = 2;
const LATERAL = 0.5;
/** A document keeps its strongest concepts only (bounded memory and query time). */
export const MAX_CONCEPTS = 400;
/** Concepts weighing less than this in a word's profile are dropped (noise, and memory). */
const MIN_PROFILE_WEIGHT = 0.04;
const PROFILE_CACHE = 60_000;

/** A word's concepts and weights, as typed arrays (tens of thousands are cached). */
type Profile = ConceptVector;

const profileOf = (pairs: [number, number][]): Profile => ({
  ids: Int32Array.from(pairs, (p) => p[0]),
  weights: Float32Array.from(pairs, (p) => p[1]),
});

export class ConceptAnalyzer {
  private readonly profiles = new Map<string, Profile>();
  private readonly terms = new Map<string, number>();
  private readonly termNames: string[] = [];

  constructor(readonly wordnet: WordNet) {}

  /** How many concept ids exist so far (synsets plus the plain terms seen). */
  get dimension(): number {
    return this.wordnet.size + this.termNames.length;
  }

  private isLemma = (w: string) => this.wordnet.lemmas.has(w);

  /** Words and compounds of a text, counted. */
  bag(text: string): Bag {
    const bag: Bag = {};
    const add = (w: string, n = 1) => (bag[w] = (bag[w] ?? 0) + n);
    const words: { word: string; stop: boolean }[] = [];
    for (const t of tokenize(text)) {
      if (t.stop || !/[-.']/.test(t.word) || this.isLemma(t.word)) {
        words.push(t);
        continue;
      }
      for (const part of t.word.split(/[-.']+/)) {
        if (part) words.push({ word: part, stop: isStopWord(part) || part.length < 2 });
      }
    }
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w.stop) continue;
      add(w.word);
      const compound = this.compoundAt(words, i);
      if (compound) add(compound);
    }
    return bag;
  }

  /** A WordNet compound starting at word i (three words, then two), with the last word lemmatized. */
  private compoundAt(words: { word: string; stop: boolean }[], i: number): string | null {
    for (const n of [3, 2]) {
      const span = words.slice(i, i + n);
      if (span.length < n || span[n - 1]!.stop || (n === 2 && span[0]!.stop)) continue;
      const head = span
        .slice(0, -1)
        .map((s) => s.word)
        .join('_');
      for (const last of [span[n - 1]!.word, ...baseForms(span[n - 1]!.word, () => true)]) {
        const lemma = `${head}_${last}`;
        if (this.isLemma(lemma)) return lemma;
      }
    }
    return null;
  }

  private termId(term: string): number {
    let id = this.terms.get(term);
    if (id === undefined) {
      id = this.wordnet.size + this.termNames.length;
      this.terms.set(term, id);
      this.termNames.push(term);
    }
    return id;
  }

  /** The concepts a word stands for, weighted (cached). */
  profile(word: string): Profile {
    const known = this.profiles.get(word);
    if (known) return known;
    const computed = this.computeProfile(word);
    if (this.profiles.size >= PROFILE_CACHE) this.profiles.clear();
    this.profiles.set(word, computed);
    return computed;
  }

  private computeProfile(word: string): Profile {
    const wn = this.wordnet;
    const lemmas = baseForms(word, this.isLemma);
    if (lemmas.length === 0) return profileOf(word.length > 1 ? [[this.termId(word), 1]] : []);
    const senses = new Map<number, number>();
    lemmas.forEach((lemma, li) => {
      const ranks = [0, 0, 0, 0];
      const pairs = wn.lemmas.get(lemma)!;
      for (let k = 0; k < pairs.length; k += 2) {
        const s = pairs[k]!;
        const pos = wn.pos[s]!;
        const rank = ranks[pos]!++;
        if (rank >= MAX_SENSES) continue;
        const w =
          (li === 0 ? 1 : 0.5) *
          POS_WEIGHT[pos]! *
          SENSE_DECAY ** rank *
          (1 + pairs[k + 1]!) ** TAG_EXPONENT;
        senses.set(s, Math.max(senses.get(s) ?? 0, w));
      }
    });
    const total = [...senses.values()].reduce((a, b) => a + b, 0);
    const out = new Map<number, number>();
    const put = (id: number, w: number) => {
      if (w > (out.get(id) ?? 0)) out.set(id, w);
    };
    const climb = (start: number, w: number, levels: number) => {
      const own = Math.max(wn.ic[start]!, 0.05);
      let frontier = [start];
      for (let level = 1; level <= levels && frontier.length; level++) {
        const next: number[] = [];
        for (const s of frontier) {
          for (let k = wn.hyperStart[s]!; k < wn.hyperStart[s + 1]!; k++) {
            const h = wn.hyperList[k]!;
            // A hypernym almost as specific as the sense (laptop → portable computer)
            // keeps most of the weight; a vague one (dog → animal) little.
            const lw = w * HYPERNYM_DECAY ** level * Math.min(1, wn.ic[h]! / own) ** IC_EXPONENT;
            if (lw < w * 0.02) continue;
            put(h, lw);
            next.push(h);
          }
        }
        frontier = next;
      }
    };
    for (const [s, raw] of senses) {
      const w = raw / total;
      put(s, w);
      climb(s, w, HYPERNYM_LEVELS);
      for (let k = wn.relStart[s]!; k < wn.relStart[s + 1]!; k++) {
        const r = wn.relList[k]!;
        put(r, w * LATERAL);
        climb(r, w * LATERAL, 1);
      }
    }
    return profileOf([...out].filter(([, w]) => w >= MIN_PROFILE_WEIGHT));
  }

  /** Concept weight of a bag: Σ (1 + ln count) · profile, each concept scaled by its specificity. */
  vector(bag: Bag, maxConcepts = MAX_CONCEPTS): ConceptVector {
    const acc = new Map<number, number>();
    for (const [word, count] of Object.entries(bag)) {
      const tf = 1 + Math.log(count);
      const { ids, weights } = this.profile(word);
      for (let i = 0; i < ids.length; i++)
        acc.set(ids[i]!, (acc.get(ids[i]!) ?? 0) + tf * weights[i]!);
    }
    const wn = this.wordnet;
    let entries = [...acc].map(([id, w]): [number, number] => [
      id,
      w * (id < wn.size ? 0.1 + 0.9 * wn.ic[id]! : 1),
    ]);
    if (entries.length > maxConcepts) {
      entries.sort((a, b) => b[1] - a[1]);
      entries = entries.slice(0, maxConcepts);
    }
    entries.sort((a, b) => a[0] - b[0]);
    return {
      ids: Int32Array.from(entries, (e) => e[0]),
      weights: Float32Array.from(entries, (e) => e[1]),
    };
  }

  /** Plain terms by id (for persistence); synset ids are stable for one WordNet version. */
  termName(id: number): string | undefined {
    return this.termNames[id - this.wordnet.size];
  }

  idOfTerm(term: string): number {
    return this.termId(term);
  }
}
