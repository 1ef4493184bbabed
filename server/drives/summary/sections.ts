/**
 * A document's text as quotable sentences, each with the heading it sits
 * under, for extractive summaries (and for citing a passage's section).
 * Headings are read from the text the index already stores: markdown `#`
 * and underlined (setext) headings, and in plain text short title lines
 * that start a block ("1. Trading update", "Who leaves", an FAQ's questions).
 * HTML and PDF text keep no heading markup (extraction drops it), so there
 * the nearest title-like line is cited.
 */

export interface Sentence {
  /** The sentence as written, markup (emphasis, links, table pipes) removed. */
  text: string;
  /** The nearest heading above it, if any. */
  heading?: string;
  /** Position in the document (0-based, in reading order). */
  order: number;
  /** First sentence of its section: often the one that says what the section is about. */
  lead: boolean;
  /** Which document it comes from, when sentences of several are summarised together. */
  source?: string;
}

export interface SplitDocument {
  /** The document's own title: its first heading, when it comes before any text. */
  title?: string;
  sentences: Sentence[];
  /** Sentences in the whole text (more than `sentences` when a long text was sampled). */
  total: number;
}

/** Characters of a document read (the index keeps up to 2 MB; a summary needs far less). */
export const MAX_READ_CHARS = 250_000;
/** Blocks (paragraphs, list items, table rows) kept, sampled evenly over a longer text. */
export const MAX_BLOCKS = 600;
/** A block longer than this is cut before it is split into sentences. */
const MAX_BLOCK_CHARS = 3000;

const ATX = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;
const SETEXT = /^\s{0,3}(?:=+|-+)\s*$/;
const TABLE_RULE = /^[\s|:-]*-{3,}[\s|:-]*$/;
const ITEM = /^(\s*)(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/;
const FENCE = /^\s*(?:```|~~~)/;

interface Block {
  text: string;
  heading?: string;
}

/** Emphasis, inline code ticks and link syntax dropped; the words stay as written. */
export function plain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|[\s(])[_*]([^_*\n]+)[_*](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A plain-text title line: short, capitalised, after a finished line, with no
 * sentence punctuation — or a short question on a line of its own, as FAQs have.
 */
function titleLike(line: string, previous: string | undefined, next: string | undefined): boolean {
  const t = line.trim();
  const question = t.endsWith('?');
  const [maxChars, maxWords] = question ? [100, 12] : [60, 8];
  if (t.length < 3 || t.length > maxChars || !/^[\p{Lu}\d]/u.test(t)) return false;
  if (!question && /[.,;:!]$/.test(t)) return false;
  if (t.split(/\s+/).length > maxWords || /^[-*+•]\s/.test(t) || t.startsWith('|')) return false;
  if (next === undefined || !next.trim()) return false;
  // A line that continues an unfinished sentence above is wrapped prose, not a title.
  return previous === undefined || !previous.trim() || /[.!?:]\s*$/.test(previous);
}

function headingOf(
  lines: string[],
  i: number,
  markdown: boolean,
): { text: string; skip: number } | null {
  const line = lines[i]!;
  const atx = ATX.exec(line);
  if (atx) return { text: plain(atx[2]!), skip: 0 };
  const next = lines[i + 1];
  if (line.trim() && next !== undefined && SETEXT.test(next) && !ITEM.test(line)) {
    if (!(markdown && /^\s*-+\s*$/.test(next) && !line.trim()))
      return { text: plain(line), skip: 1 };
  }
  if (markdown) return null;
  const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
  const candidate = numbered ? numbered[1]! : line;
  if (titleLike(candidate, lines[i - 1], next)) return { text: plain(line), skip: 0 };
  return null;
}

/** Paragraphs, list items and table rows, each with the heading above it. */
function blocksOf(text: string, markdown: boolean): { blocks: Block[]; title?: string } {
  const lines = text.slice(0, MAX_READ_CHARS).replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let heading: string | undefined;
  let title: string | undefined;
  let open: string[] = [];
  let openIsItem = false;
  let inFence = false;
  const flush = () => {
    const body = plain(open.join(' '));
    if (body) blocks.push({ text: body.slice(0, MAX_BLOCK_CHARS), heading });
    open = [];
    openIsItem = false;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (!line.trim()) {
      flush();
      continue;
    }
    if (!markdown && /\S[ \t]{2,}\S/.test(line.trim())) {
      // Columns lined up with spaces: a row of a plain-text table, one line each.
      flush();
      blocks.push({ text: plain(line), heading });
      continue;
    }
    const h =
      openIsItem || open.length === 0 || !markdown || ATX.test(line)
        ? headingOf(lines, i, markdown)
        : null;
    if (h) {
      flush();
      if (title === undefined && blocks.length === 0 && heading === undefined) title = h.text;
      heading = h.text;
      i += h.skip;
      continue;
    }
    if (TABLE_RULE.test(line)) {
      // The row just above a rule is the table's header: a label, not a sentence.
      if (blocks.at(-1)?.text.startsWith('\u0000')) blocks.pop();
      continue;
    }
    if (line.trim().startsWith('|')) {
      flush();
      const cells = line
        .split('|')
        .map((c) => plain(c))
        .filter(Boolean);
      if (cells.length) blocks.push({ text: `\u0000${cells.join(' — ')}`, heading });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      flush();
      open = [item[2]!];
      openIsItem = true;
      continue;
    }
    open.push(line.trim());
  }
  flush();
  for (const b of blocks) if (b.text.startsWith('\u0000')) b.text = b.text.slice(1);
  return { blocks, ...(title ? { title } : {}) };
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const s = segment.trim();
    if (s) out.push(s);
  }
  return out;
}

/** Every `step`-th item, so a long document is sampled over its whole length rather than cut. */
function sample<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)]!);
}

/**
 * The document's sentences in reading order, each with its heading; at most
 * `maxSentences`, sampled evenly over the text when it has more.
 */
export function splitDocument(
  text: string,
  opts: { markdown: boolean; maxSentences: number },
): SplitDocument {
  const { blocks, title } = blocksOf(text, opts.markdown);
  const all: Sentence[] = [];
  let section: string | undefined = '\u0000';
  for (const block of sample(blocks, MAX_BLOCKS)) {
    for (const s of sentencesOf(block.text)) {
      all.push({
        text: s,
        ...(block.heading ? { heading: block.heading } : {}),
        order: all.length,
        lead: block.heading !== section,
      });
      section = block.heading;
    }
  }
  return {
    ...(title ? { title } : {}),
    sentences: sample(all, opts.maxSentences),
    total: all.length,
  };
}
