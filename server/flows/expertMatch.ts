import type { DirectoryExpert } from '../meeting/directory';
import { expertDomains, textDomains, type Domain } from '../meeting/offline/domains';

/** How each specialty is described to the user. */
export const DOMAIN_LABELS: Record<Domain, string> = {
  math: 'numbers and calculations',
  time: 'dates and scheduling',
  docs: 'documents and policies',
  web: 'web searches and news',
  code: 'software and code',
};

const KEYWORD_POINTS = 3;
const DOMAIN_POINTS = 2;
const NAME_POINTS = 5;

export interface ExpertMatch {
  expert: DirectoryExpert;
  score: number;
  /** Why, in words: 'knows finance and percentages', 'works on numbers and calculations'. */
  reasons: string[];
}

/** A word reduced to its stem: plurals and -ing and a final e dropped ('policies' → 'policy'). */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The stems of the words of a text (words of three letters or more). */
export function stems(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3).map(stem);
}

/** Same stem, or (both five letters or more) one a prefix of the other: 'calculat' ~ 'calculation'. */
const alike = (a: string, b: string) =>
  a === b || (a.length >= 5 && b.length >= 5 && (a.startsWith(b) || b.startsWith(a)));

const joined = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** How well one expert fits the text, with the reasons. */
export function scoreExpert(text: string, expert: DirectoryExpert): ExpertMatch {
  const words = stems(text);
  const has = (s: string) => words.some((w) => alike(w, s));
  const reasons: string[] = [];
  let score = 0;

  // The first name only: 'Devon Code' is asked for as Devon, not by any mention of code.
  const firstName = stems(expert.name)[0];
  if (firstName && words.includes(firstName)) {
    score += NAME_POINTS;
    reasons.push(`you asked for ${expert.name}`);
  }
  const keywords = expert.keywords.filter((k) => {
    const parts = stems(k);
    return parts.length > 0 && parts.every(has);
  });
  if (keywords.length) {
    score += KEYWORD_POINTS * keywords.length;
    reasons.push(`knows ${joined(keywords)}`);
  }
  const asked = new Set(textDomains(text));
  const shared = expertDomains(expert).filter((d) => asked.has(d));
  if (shared.length) {
    score += DOMAIN_POINTS * shared.length;
    reasons.push(`works on ${joined(shared.map((d) => DOMAIN_LABELS[d]))}`);
  }
  return { expert, score, reasons };
}

/** The experts the text is about, best first (at most `limit`); none when nothing matches. */
export function matchExperts(
  text: string,
  experts: Iterable<DirectoryExpert>,
  limit = 3,
): ExpertMatch[] {
  return [...experts]
    .map((e) => scoreExpert(text, e))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.expert.name.localeCompare(b.expert.name))
    .slice(0, limit);
}
