import { stemmer } from 'stemmer';
import { isStopWord } from '../../server/drives/semantic/tokens';

/**
 * The content words a query shares with a document, compared by Porter stem
 * (so "policies" and "policy" count as one word). A paraphrase query must
 * share none: it is found by meaning or not at all.
 */

const words = (text: string) =>
  (text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [])
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => w.length > 1 && !isStopWord(w));

export function contentStems(text: string): Set<string> {
  return new Set(words(text).map((w) => stemmer(w)));
}

export function sharedContentWords(query: string, document: string): string[] {
  const doc = contentStems(document);
  return [...new Set(words(query).filter((w) => doc.has(stemmer(w))))];
}
