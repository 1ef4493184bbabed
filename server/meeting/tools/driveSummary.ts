import { splitDocument } from '../../drives/summary/sections';
import type { Sentence } from '../../drives/summary/sections';
import { MAX_SUMMARY, selectSentences, stemsOf } from '../../drives/summary/textRank';
import type { DriveService } from '../../drives/types';
import { ToolError } from '../types';
import type { Tool, ToolContext, ToolResult } from '../types';
import { worldFileViewerUrl } from '../../../protocol/paths';
import { combined, searchDrives } from './driveSearch';
import type { Candidate } from './driveSearch';
import { describeTool } from './providers';
import { escapeHtml } from './webSearch';

/**
 * The documents provider's drive_summarize: finds the document a subject
 * names ("travel policy" → handbook/travel-and-expenses.md) by its file name,
 * folder and title and by search, and returns its most central sentences
 * (extractive: each quoted as written) in the document's order, each with
 * its file and heading. A topic narrows the summary to what the document
 * says about it. Nothing is returned when no document matches the subject;
 * code and data files are not summarised (they have no sentences), only named.
 */

/** Sentences of one document weighed at most (a long one is sampled over its length). */
const MAX_SENTENCES = 300;
/** Search hits weighed as the document meant. */
const SHORTLIST = 8;
const MAX_DOCUMENTS = 2;
/** A second document is summarised beside the first only when it matches nearly as well. */
const RUNNER_UP = 0.9;

/** Words that say "a document" without saying which one. */
const GENERIC = stemsOf(
  'policy policies doc docs document documents file files guide page pages pdf company ' +
    'summary overview text content contents version latest current',
);

const MARKDOWN = /\.(?:md|markdown|mdx)$/i;
/** Code and data: not prose, so no sentences to summarize (drive_search quotes them instead). */
const NOT_PROSE =
  /\.(?:ts|tsx|js|mjs|cjs|py|go|sh|rb|java|kt|rs|c|cc|cpp|h|hpp|cs|php|swift|json|ya?ml|sql|toml|ini|csv|tsv|xml|svg)$/i;

export interface SummarySentence {
  drive: string;
  path: string;
  heading?: string;
  text: string;
}

export interface SummarisedDocument {
  drive: string;
  path: string;
  title?: string;
  /** Sentences in the document (those weighed are at most MAX_SENTENCES). */
  sentences: number;
}

interface Weighed {
  c: Candidate;
  text: string;
  title?: string;
  /** Share of the subject's specific words in the file's path and title. */
  titleShare: number;
  /** Share of the subject's specific words anywhere in its text. */
  bodyShare: number;
  score: number;
}

function share(wanted: Map<string, number>, have: Map<string, number>): number {
  if (wanted.size === 0) return 0;
  let hit = 0;
  for (const k of wanted.keys()) if (have.has(k)) hit++;
  return hit / wanted.size;
}

const firstHeading = (text: string) => /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/m.exec(text.slice(0, 2000));

async function weigh(
  drives: DriveService,
  c: Candidate,
  specific: Map<string, number>,
  topic: Map<string, number>,
): Promise<Weighed | null> {
  const text = await drives.textOf(c.drive, c.hit.file.Path);
  if (!text?.trim()) return null;
  const title = firstHeading(text)?.[1];
  const named = stemsOf(`${c.hit.file.Path.replace(/\.[a-z0-9]+$/i, '')} ${title ?? ''}`);
  const titleShare = share(specific, named);
  const bodyShare = share(specific, stemsOf(text.slice(0, 200_000)));
  return {
    c,
    text,
    ...(title ? { title } : {}),
    titleShare,
    bodyShare,
    // A file named for the topic too ("handbook … expenses" → travel-and-expenses.md) is the one.
    score: titleShare + 0.5 * share(topic, named) + 0.5 * combined(c),
  };
}

/**
 * The documents the subject names: a file whose path or title holds at least
 * half its specific words, or one whose text holds all of them and that
 * search ranks well. Best first.
 */
async function documentsFor(
  drives: DriveService,
  candidates: Candidate[],
  subject: string,
  topic: string,
  ctx: ToolContext,
): Promise<{ documents: Weighed[]; notProse: string[] }> {
  const specific = stemsOf(subject);
  for (const k of GENERIC.keys()) specific.delete(k);
  const shortlist = candidates.sort((a, b) => combined(b) - combined(a)).slice(0, SHORTLIST);
  const weighed: Weighed[] = [];
  const notProse: string[] = [];
  for (const c of shortlist) {
    ctx.signal.throwIfAborted();
    const w = await weigh(drives, c, specific, stemsOf(topic));
    if (!w) continue;
    const named = w.titleShare >= 0.5;
    const found =
      specific.size === 0 ? combined(c) >= 0.5 : w.bodyShare === 1 && combined(c) >= 0.5;
    if (!named && !found) continue;
    if (NOT_PROSE.test(c.hit.file.Path)) notProse.push(c.hit.file.Path);
    else weighed.push(w);
  }
  weighed.sort((a, b) => b.score - a.score);
  const best = weighed[0];
  if (!best) return { documents: [], notProse };
  const documents = weighed
    .filter(
      (w) => w === best || (w.titleShare >= best.titleShare && w.score >= best.score * RUNNER_UP),
    )
    .slice(0, MAX_DOCUMENTS);
  return { documents, notProse };
}

function summaryHtml(
  worldId: string,
  documents: SummarisedDocument[],
  sentences: SummarySentence[],
) {
  const docs = documents.map(
    (d) =>
      `<a href="${escapeHtml(worldFileViewerUrl(worldId, d.drive, d.path))}">${escapeHtml(d.drive)}/` +
      `${escapeHtml(d.path.replace(/^\/+/, ''))}</a>`,
  );
  const items = sentences.map(
    (s) =>
      `<li><blockquote>${escapeHtml(s.text)}</blockquote><small>${escapeHtml(s.path.replace(/^\/+/, ''))}` +
      `${s.heading ? ` — ${escapeHtml(s.heading)}` : ''}</small></li>`,
  );
  return `<p>From ${docs.join(' and ')}</p><ol>${items.join('')}</ol>`;
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

async function run(
  drives: DriveService,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolResult> {
  const subject = typeof args.subject === 'string' ? flat(args.subject).slice(0, 200) : '';
  const topic = typeof args.topic === 'string' ? flat(args.topic).slice(0, 200) : '';
  const count = args.count === undefined ? undefined : Number(args.count);
  if (count !== undefined && !(Number.isInteger(count) && count >= 1 && count <= MAX_SUMMARY)) {
    throw new ToolError(`count must be a whole number from 1 to ${MAX_SUMMARY}`);
  }
  if (!subject) throw new ToolError('A subject (the document to summarize) is required');
  const rows = await drives.drivesOf(ctx.worldId);
  const empty = { subject, topic, documents: [], sentences: [] };
  if (rows.length === 0) return { output: 'This world has no drives to search.', value: empty };
  const { candidates, errors } = await searchDrives(
    drives,
    rows,
    `${subject} ${topic}`.trim(),
    ctx,
  );
  if (candidates.length === 0 && errors.length >= rows.length * 2) {
    throw new ToolError(`Drive search failed: ${errors[0]}`);
  }
  const { documents: chosen, notProse } = await documentsFor(
    drives,
    candidates,
    subject,
    topic,
    ctx,
  );
  if (chosen.length === 0) {
    const code = notProse.length ? { notProse } : {};
    const output = notProse.length
      ? `Only code or data files match "${subject}" (${notProse.join(', ')}): drive_search quotes them.`
      : `No document in this world's drives matches "${subject}".`;
    return { output, value: { ...empty, ...code } };
  }
  const documents: SummarisedDocument[] = [];
  const pool: (Sentence & { drive: string; path: string })[] = [];
  for (const [i, w] of chosen.entries()) {
    const split = splitDocument(w.text, {
      markdown: MARKDOWN.test(w.c.hit.file.Path) || w.c.hit.file.MimeType === 'text/markdown',
      maxSentences: Math.floor(MAX_SENTENCES / chosen.length),
    });
    documents.push({
      drive: w.c.drive.name,
      path: w.c.hit.file.Path,
      ...(w.title ? { title: w.title } : {}),
      sentences: split.total,
    });
    for (const s of split.sentences) {
      pool.push({
        ...s,
        order: i * 1e7 + s.order,
        source: w.c.hit.file.Path,
        drive: w.c.drive.name,
        path: w.c.hit.file.Path,
      });
    }
  }
  ctx.signal.throwIfAborted();
  const picked = await selectSentences(pool, { topic, ...(count ? { count } : {}) });
  const sentences: SummarySentence[] = picked.map((s) => ({
    drive: s.drive,
    path: s.path,
    ...(s.heading ? { heading: s.heading } : {}),
    text: s.text,
  }));
  const value = { subject, topic, documents, sentences, ...(errors.length ? { errors } : {}) };
  const names = documents.map((d) => `${d.drive}/${d.path.replace(/^\/+/, '')}`).join(' and ');
  if (sentences.length === 0) {
    return {
      output: topic
        ? `${names} says nothing about "${topic}".`
        : `${names} has no sentences to summarize.`,
      value,
    };
  }
  const output =
    `Summary of ${names}, ${sentences.length} sentences quoted in the document's order:\n` +
    sentences
      .map(
        (s, i) =>
          `${i + 1}. "${s.text}" (${s.drive}/${s.path.replace(/^\/+/, '')}` +
          `${s.heading ? `, section "${s.heading}"` : ''})`,
      )
      .join('\n');
  return {
    output,
    value,
    researchBox: {
      name: 'drive_summarize',
      title: `Summary of "${subject.slice(0, 80)}"${topic ? ` on "${topic.slice(0, 40)}"` : ''}`,
      html: summaryHtml(ctx.worldId, documents, sentences),
    },
  };
}

export function driveSummaryTool(drives: DriveService): Tool {
  return {
    ...describeTool('drive_summarize'),
    parameters: {
      type: 'object',
      properties: {
        subject: {
          type: 'string',
          description: 'the document to summarize, by its title or topic (e.g. "travel policy")',
        },
        topic: {
          type: 'string',
          description: 'optional: summarize only what the document says about this',
        },
        count: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_SUMMARY,
          description: 'optional: how many sentences (default: one per section, 3 to 6)',
        },
      },
      required: ['subject'],
    },
    run: (args, ctx) => run(drives, args, ctx),
  };
}
