/**
 * A passage as a result's snippet: the stretch of about `max` characters
 * with the most matched words, each of them marked «like this» (the
 * finder and the admin search show marks as highlights, never as HTML).
 */

import { isStopWord } from './tokens';

const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/** Lower case, without a possessive or plural ending, for comparing a word with the matched ones. */
const base = (w: string) =>
  w
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/(?<=\w{3})(?:es|s)$/, '');

/** Markdown's marks read as noise in a one-line snippet: headings, emphasis, code ticks, table bars. */
export function plainOf(markdown: string): string {
  return markdown
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/^\s*\|?[-:| ]+\|[-:| ]*$/gm, '')
    .replace(/\s*\|\s*/g, ' · ')
    .replace(/^\s*[-*+]\s+\[[ x]\]\s+/gim, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*·(?:\s*·)+\s*/g, ' · ')
    .replace(/^\s*·\s*|\s*·\s*$/g, '')
    .trim();
}

export function markedSnippet(passage: string, matched: Iterable<string>, max = 240): string {
  const text = plainOf(passage);
  if (!text) return '';
  const wanted = new Set(
    [...matched].filter((w) => w.length > 1 && !isStopWord(w.toLowerCase())).map(base),
  );
  const marks: { start: number; end: number }[] = [];
  for (const m of text.matchAll(WORD)) {
    if (wanted.has(base(m[0]))) marks.push({ start: m.index, end: m.index + m[0].length });
  }
  // The window of `max` characters holding most marks (the passage's start when none).
  let from = 0;
  if (text.length > max && marks.length > 0) {
    let bestCount = 0;
    for (let i = 0, j = 0; i < marks.length; i++) {
      while (j < marks.length && marks[j]!.end - marks[i]!.start <= max) j++;
      if (j - i > bestCount) {
        bestCount = j - i;
        from = marks[i]!.start;
      }
    }
    // Start a little before the first mark, at a word's beginning.
    from = Math.max(0, from - 40);
    if (from > 0) from = text.indexOf(' ', from) + 1 || from;
    if (from + max > text.length) from = Math.max(0, text.length - max);
  }
  const to = Math.min(text.length, from + max);
  let out = '';
  let at = from;
  for (const m of marks) {
    if (m.start < from || m.end > to) continue;
    out += `${text.slice(at, m.start)}«${text.slice(m.start, m.end)}»`;
    at = m.end;
  }
  out += text.slice(at, to);
  return `${from > 0 ? '…' : ''}${out}${to < text.length ? '…' : ''}`;
}
