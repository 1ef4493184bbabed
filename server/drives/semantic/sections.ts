/**
 * A text cut into passages for search: paragraphs merged up to about
 * `target` characters, never across a heading, long paragraphs cut at
 * sentence ends; each passage knows the heading it sits under (Markdown
 * "#" lines, numbered titles like "7. Relocation support", short title
 * lines standing alone), so a hit can cite "file › heading". Offsets are
 * into the text as given, so a caller can show the passage from the text.
 */

export interface Section {
  start: number;
  stop: number;
  /** The nearest heading above the passage ('' before the first one). */
  heading: string;
}

export interface SectionOptions {
  /** Characters a passage grows to before the next paragraph starts a new one. */
  target?: number;
  /** No passage is longer (cut at a sentence end, else a space). */
  max?: number;
  /** At most this many passages: a longer text gets longer passages. */
  maxPassages?: number;
}

const MARKDOWN_HEADING = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;
const NUMBERED_HEADING =
  /^\s*(?:(?:section|part|chapter|article)\s+)?\d+(?:\.\d+)*[.)]?\s+\S.{0,80}$/i;
const MAX_HEADING_CHARS = 90;

/** The heading a line is, or undefined. `alone`: a blank line (or the text's edge) follows it. */
export function headingOf(line: string, alone: boolean): string | undefined {
  const md = MARKDOWN_HEADING.exec(line);
  if (md) return md[1]!.replace(/[*_`]/g, '').trim();
  const text = line.trim();
  if (!text || text.length > MAX_HEADING_CHARS) return undefined;
  if (/^\*\*[^*]+\*\*:?$/.test(text)) return text.replace(/[*:]/g, '').trim();
  if (/[.,;!?]$/.test(text) && !/^\d+(?:\.\d+)*\.$/.test(text.split(/\s/)[0]!)) return undefined;
  if (/^[-*•]\s/.test(text) || text.includes('|')) return undefined;
  if (NUMBERED_HEADING.test(text) && !/[.!?]$/.test(text)) return text;
  if (alone && /^[\p{Lu}\d]/u.test(text) && text.split(/\s+/).length <= 10 && !/[:;]$/.test(text))
    return text;
  return undefined;
}

interface Block {
  start: number;
  end: number;
  heading?: string;
}

/** Lines grouped into paragraphs (blank-line separated), headings as their own blocks. */
function blocks(text: string): Block[] {
  const out: Block[] = [];
  const lines = [...text.matchAll(/[^\n]*(?:\n|$)/g)].filter((m) => m[0].length > 0);
  let open: Block | null = null;
  lines.forEach((m, i) => {
    const line = m[0].replace(/\n$/, '');
    const start = m.index;
    const end = start + line.length;
    if (!line.trim()) {
      if (open) out.push(open);
      open = null;
      return;
    }
    const next = lines[i + 1]?.[0] ?? '';
    const heading = headingOf(line, !next.trim());
    if (heading) {
      if (open) out.push(open);
      open = null;
      out.push({ start, end, heading });
      return;
    }
    if (open) open.end = end;
    else open = { start, end };
  });
  if (open) out.push(open);
  return out;
}

/** Cuts [start, end) of `text` into pieces of at most `max`, at sentence ends where it can. */
function cut(text: string, start: number, end: number, max: number): [number, number][] {
  const pieces: [number, number][] = [];
  while (end - start > max) {
    const window = text.slice(start + Math.floor(max / 2), start + max);
    let at = -1;
    for (const re of [/[.!?]["')\]]?\s/g, /\n/g, /\s/g]) {
      for (const m of window.matchAll(re)) at = m.index + m[0].length;
      if (at > 0) break;
    }
    const stop = at > 0 ? start + Math.floor(max / 2) + at : start + max;
    pieces.push([start, stop]);
    start = stop;
    while (start < end && /\s/.test(text[start]!)) start++;
  }
  if (end > start) pieces.push([start, end]);
  return pieces;
}

export function splitSections(text: string, opts: SectionOptions = {}): Section[] {
  const maxPassages = opts.maxPassages ?? 48;
  const grow = Math.max(1, Math.ceil(text.length / ((opts.target ?? 700) * maxPassages)));
  const target = (opts.target ?? 700) * grow;
  const max = (opts.max ?? 1200) * grow;
  const out: Section[] = [];
  let heading = '';
  let open: { start: number; end: number; heading: string } | null = null;
  const close = () => {
    if (!open) return;
    for (const [start, end] of cut(text, open.start, open.end, max))
      out.push({ start, stop: end, heading: open.heading });
    open = null;
  };
  for (const block of blocks(text)) {
    if (block.heading !== undefined) {
      close();
      heading = block.heading;
      // The heading is part of its section's first passage (its words count there).
      open = { start: block.start, end: block.end, heading };
      continue;
    }
    if (
      open &&
      open.end - open.start + (block.end - block.start) > target &&
      open.end - open.start > target / 4
    )
      close();
    if (open) open.end = block.end;
    else open = { start: block.start, end: block.end, heading };
  }
  close();
  return out;
}
