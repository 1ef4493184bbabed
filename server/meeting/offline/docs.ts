import { worldFileViewerUrl } from '../../../protocol/paths';
import { isStopWord } from '../../drives/semantic/tokens';
import type { DrivePassage } from '../tools/driveSearch';
import { SUMMARY_TOOL, summaryAnswer } from './docSummary';
import { readSummaryRequest } from './summaryRequest';
import { callTool, hasTool, valueOf } from './turn';
import type { Turn } from './turn';
import { configureHint, providerOf, source } from './voices';

/**
 * The librarian: answers only from this world's documents through the
 * documents provider's drive_search, quoting the passages and citing their
 * paths; asked for a summary of a document, answers with drive_summarize's
 * quoted sentences instead (docSummary.ts). Says which provider it needs when
 * the tool is missing, and says plainly when nothing was found rather than
 * answering from memory.
 */

const TOOL = 'drive_search';

/** Words that ask for documents rather than name a topic (stop words go too). */
const NOISE = new RegExp(
  [
    "(?:what|who|where|how|that|it|there)'s",
    'look up',
    'according to',
    'knowledge base',
    'documents?',
    'docs',
    'files?',
    'drives?',
    'pdfs?',
    'find',
    'search',
    'check',
  ]
    .map((w) => `\\b${w}\\b`)
    .join('|'),
  'gi',
);

/** The question without the expert it is addressed to ("@Lee, …", "Lee: …"). */
function unaddressed(question: string, names: string[]): string {
  let q = question.replace(/\s+/g, ' ').trim();
  const called = names.flatMap((n) => [n, ...n.split(' ')]).sort((a, b) => b.length - a.length);
  for (const name of called) {
    const re = new RegExp(`^@?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b[,:]?\\s*`, 'i');
    q = q.replace(re, '');
  }
  return q;
}

/** Whether the question is put to this expert by name ("@Librarian Lee, …", "Lee: …"). */
export function addressedTo(question: string, name: string): boolean {
  return unaddressed(question, [name]) !== question.replace(/\s+/g, ' ').trim();
}

/** "@Lee, what does our travel policy say about hotels?" → "travel policy hotels". */
export function documentQuery(question: string, names: string[] = []): string {
  return unaddressed(question, names)
    .replace(NOISE, ' ')
    .replace(/[?!.,;:]+/g, ' ')
    .split(' ')
    .filter((w) => w.length > 1 && !isStopWord(w.toLowerCase()))
    .join(' ');
}

/** Markdown-significant characters escaped; inline `code` is left alone. */
const escapeInline = (s: string) => s.replace(/([\\[\]*_<>])/g, '\\$1');

const TABLE_RULE = /^[\s|:-]*-{3,}[\s|:-]*$/;

/** One line of a passage as markdown: headings bold, table rows and checklist items as list items. */
function line(text: string): { md: string; list: boolean; heading: boolean } | null {
  if (TABLE_RULE.test(text)) return null;
  const heading = /^#{1,6}\s+(.*)$/.exec(text);
  if (heading) return { md: `**${escapeInline(heading[1]!)}**`, list: false, heading: true };
  if (text.startsWith('|')) {
    const cells = text
      .split('|')
      .map((c) => c.replace(/\*\*/g, '').trim())
      .filter(Boolean);
    return { md: `- ${cells.map(escapeInline).join(' — ')}`, list: true, heading: false };
  }
  const item = /^(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(text);
  if (item)
    return { md: `- ${escapeInline(item[1]!.replace(/\*\*/g, ''))}`, list: true, heading: false };
  return { md: escapeInline(text.replace(/\*\*|__/g, '')), list: false, heading: false };
}

const CODE = /\.(ts|tsx|js|mjs|py|go|sh|rb|java|rs|c|cpp|cs|json|ya?ml|sql|toml)$/i;

/** A passage as a markdown block quote that keeps its lists and headings readable. */
function quote(text: string, path: string): string {
  const code = CODE.exec(path);
  if (code) {
    const fence = text.includes('```') ? '````' : '```';
    const lang = code[1]!.toLowerCase();
    return [`${fence}${lang}`, ...text.split('\n'), fence].map((l) => `> ${l}`).join('\n');
  }
  const out: string[] = [];
  let previous: { list: boolean; heading: boolean } | null = null;
  for (const raw of text.split('\n')) {
    // An indented line after a list item continues that item.
    if (previous?.list && /^\s+\S/.test(raw) && !/^\s*(?:[-*+]|\d+\.)\s/.test(raw)) {
      out[out.length - 1] += ` ${escapeInline(raw.trim().replace(/\*\*|__/g, ''))}`;
      continue;
    }
    const l = line(raw.trim());
    if (!l) continue;
    // A paragraph after a list item or heading needs a blank line, or it would run on.
    if (previous && (previous.heading || (previous.list && !l.list))) out.push('>');
    out.push(`> ${l.md}`);
    previous = l;
  }
  return out.join('\n');
}

function cite(p: DrivePassage, manyDrives: boolean, worldId?: string): string {
  const path = p.path.replace(/^\/+/, '');
  const shown = manyDrives ? `${p.drive}/${path}` : path;
  // A link to the file viewer when the world is known: the reader opens the cited file in one click.
  const file = worldId
    ? `[${escapeInline(shown)}](${worldFileViewerUrl(worldId, p.drive, p.path)})`
    : `\`${shown}\``;
  return p.heading ? `${file} › ${p.heading}` : file;
}

/** How the answer begins: where the librarian looked (the workspace's files first, issue 20). */
function lead(scope: unknown, attached: number, query: string, where: string): string {
  if (scope === 'workspace')
    return `In this workspace's files, the closest passage is in ${where}:`;
  if (attached > 0)
    return (
      `I found nothing about “${escapeInline(query)}” in this workspace's files, so I searched ` +
      `the whole of this world's drives. The closest passage is in ${where}:`
    );
  return `The closest passage is in ${where}:`;
}

export function noDocumentSearch(configureUrl?: string): string {
  return (
    "I have no documents to search in this workspace yet — I'd need the " +
    `**${providerOf(TOOL)}** tool provider (\`${TOOL}\`) selected here to search this world's ` +
    `drives, so there's no passage I could cite, and I won't answer from memory.${configureHint(configureUrl)}` +
    source('from my own notes — no tool was available')
  );
}

export async function docsAnswer(turn: Turn): Promise<string> {
  if (!hasTool(turn, TOOL)) return noDocumentSearch(turn.request.configureUrl);
  const { request } = turn;
  const names = request.panel.map((e) => e.name);
  // "Summarize our travel policy" wants the document's gist; a specific question, its passage.
  const summary = readSummaryRequest(unaddressed(request.question, names));
  if (summary && hasTool(turn, SUMMARY_TOOL)) {
    const answer = await summaryAnswer(turn, summary);
    if (answer !== null) return answer;
  }
  const query = documentQuery(request.question, names);
  if (!query) {
    return (
      "Tell me what to look for — a topic or a question — and I'll search this world's drives " +
      'and quote what I find.' +
      source('from my own notes')
    );
  }
  const outcome = await callTool(turn, { tool: TOOL, args: { query } });
  if (!outcome.ok) {
    return (
      `I couldn't search the drives: ${outcome.error}. So I have no passage to cite on “${escapeInline(query)}”.` +
      source(`${TOOL} (failed)`)
    );
  }
  const value = valueOf(outcome.result);
  const passages = (value.passages ?? []) as DrivePassage[];
  const attached = typeof value.workspaceFiles === 'number' ? value.workspaceFiles : 0;
  if (passages.length === 0) {
    return (
      (attached > 0 ? "Nothing in this workspace's files answers that. " : '') +
      `I searched this world's drives for “${escapeInline(query)}” and found nothing that answers it, ` +
      "so I won't guess." +
      source(`${TOOL} for “${escapeInline(query)}”, no matching passage`)
    );
  }
  const manyDrives = new Set(passages.map((p) => p.drive)).size > 1;
  const [first, ...others] = passages;
  // Only passages nearly as good as the best are worth quoting beside it.
  const rest = others.filter((p) => p.score >= first!.score * 0.6);
  const worldId = request.worldId;
  const lines = [
    lead(value.scope, attached, query, cite(first!, manyDrives, worldId)),
    '',
    quote(first!.text, first!.path),
  ];
  if (rest.length) {
    lines.push('', 'Also relevant:', '');
    for (const p of rest)
      lines.push(quote(p.text, p.path), '>', `> — ${cite(p, manyDrives, worldId)}`, '');
  }
  const quoted = [first!, ...rest];
  const drives = [...new Set(quoted.map((p) => p.drive))].join(', ');
  const files = quoted.map((p) => cite(p, manyDrives)).join(', ');
  return (
    lines.join('\n').trimEnd() +
    source(
      `${TOOL} for “${escapeInline(query)}” in ${drives}: ${files} — the passages are in the research box`,
    )
  );
}
