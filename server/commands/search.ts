import { MIN_COMMAND_QUERY, type Command } from '../../protocol';

/**
 * How much a match in each field counts: the name is what the user reads in
 * the palette, so it wins; tags are curated keywords; the description and the
 * cog path only help when nothing better matches.
 */
export const FIELD_WEIGHTS = { name: 1, tags: 0.8, description: 0.6, cogPath: 0.5 } as const;

/** Multi-word queries matched word by word count a little less than the whole phrase. */
const TERMS_FACTOR = 0.9;

const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** How well `q` (lower case) occurs in `text` (lower case): 1 equal … 0.6 inside a word, 0 absent. */
export function matchText(text: string, q: string): number {
  if (!text || !q) return 0;
  if (text === q) return 1;
  if (text.startsWith(q)) return 0.9;
  let i = text.indexOf(q);
  if (i < 0) return 0;
  // Prefer an occurrence at the start of a word ("file" in "open file finder").
  let best = 0.6;
  while (i >= 0) {
    if (!isWordChar(text[i - 1])) {
      best = 0.8;
      break;
    }
    i = text.indexOf(q, i + 1);
  }
  return best;
}

/**
 * Loose matches for names only: the initials ("cw" → "Create Workspace") or,
 * for three characters or more, the letters in order ("opfnd" → "Open File Finder").
 */
export function fuzzyName(name: string, q: string): number {
  const compact = q.replace(/ /g, '');
  if (compact.length < MIN_COMMAND_QUERY) return 0;
  const initials = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w[0])
    .join('');
  if (initials === compact) return 0.75;
  if (initials.startsWith(compact)) return 0.65;
  if (compact.length < 3) return 0;
  let pos = -1;
  let first = -1;
  for (const ch of compact) {
    pos = name.indexOf(ch, pos + 1);
    if (pos < 0) return 0;
    if (first < 0) first = pos;
  }
  const span = pos - first + 1;
  return 0.2 + 0.2 * (compact.length / span);
}

function fieldScore(cmd: Command, term: string): number {
  const name = cmd.name.toLowerCase();
  const scores = [
    FIELD_WEIGHTS.name * Math.max(matchText(name, term), fuzzyName(name, term)),
    FIELD_WEIGHTS.tags *
      Math.max(0, ...(cmd.tags ?? []).map((t) => matchText(t.toLowerCase(), term))),
    FIELD_WEIGHTS.description * matchText((cmd.description ?? '').toLowerCase(), term),
    FIELD_WEIGHTS.cogPath * matchText((cmd.cogPath ?? '').toLowerCase(), term),
  ];
  return Math.max(...scores);
}

/** A command's relevance to a query, 0 (no match) to 1 (the query is its name). */
export function scoreCommand(cmd: Command, query: string): number {
  const phrase = normalise(query);
  if (!phrase) return 0;
  const whole = fieldScore(cmd, phrase);
  const terms = phrase.split(' ');
  let byTerms = 0;
  if (terms.length > 1) {
    const each = terms.map((t) => fieldScore(cmd, t));
    // Every word has to match somewhere; "open zebra" does not find "Open Console".
    if (each.every((s) => s > 0))
      byTerms = (TERMS_FACTOR * each.reduce((a, b) => a + b, 0)) / each.length;
  }
  return Math.round(Math.max(whole, byTerms) * 1000) / 1000;
}

/**
 * The palette's search (SPEC §5): a query under MIN_COMMAND_QUERY characters
 * returns the commands unchanged; otherwise the matching ones with their
 * `score`, best first (ties by name), and the rest left out.
 */
export function searchCommands(q: string, commands: Command[]): Command[] {
  if (normalise(q).length < MIN_COMMAND_QUERY) return commands;
  return commands
    .map((cmd) => ({ ...cmd, score: scoreCommand(cmd, q) }))
    .filter((cmd) => cmd.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}
