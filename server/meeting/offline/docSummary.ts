import type { SummarisedDocument, SummarySentence } from '../tools/driveSummary';
import type { SummaryRequest } from './summaryRequest';
import { callTool, valueOf } from './turn';
import type { Turn } from './turn';
import { source } from './voices';

/**
 * The librarian's summary of a document: drive_summarize's sentences, each
 * quoted as the document has it and cited with its file and heading, in the
 * document's order. Says plainly when no document matches, rather than
 * summarising an unrelated one.
 */

export const SUMMARY_TOOL = 'drive_summarize';

const escapeInline = (s: string) => s.replace(/([\\[\]*_<>`])/g, '\\$1');
const pathOf = (p: string) => p.replace(/^\/+/, '');

/** The summary answer, or null when only code or data files match (their passages serve better). */
export async function summaryAnswer(turn: Turn, ask: SummaryRequest): Promise<string | null> {
  const args = {
    subject: ask.subject,
    ...(ask.topic ? { topic: ask.topic } : {}),
    ...(ask.count ? { count: ask.count } : {}),
  };
  const asked = `“${escapeInline(ask.subject)}”${ask.topic ? ` on “${escapeInline(ask.topic)}”` : ''}`;
  const outcome = await callTool(turn, { tool: SUMMARY_TOOL, args });
  if (!outcome.ok) {
    return (
      `I couldn't read the drives: ${outcome.error}. So I have no document to summarize for ${asked}.` +
      source(`${SUMMARY_TOOL} (failed)`)
    );
  }
  const value = valueOf(outcome.result);
  const documents = (value.documents ?? []) as SummarisedDocument[];
  const sentences = (value.sentences ?? []) as SummarySentence[];
  if (documents.length === 0) {
    if (Array.isArray(value.notProse) && value.notProse.length > 0) return null;
    return (
      `I found no document in this world's drives that matches “${escapeInline(ask.subject)}”, ` +
      "so I have nothing to summarize — and I won't summarize from memory." +
      source(`${SUMMARY_TOOL} for ${asked}, no matching document`)
    );
  }
  const manyDrives = new Set(documents.map((d) => d.drive)).size > 1;
  const cite = (d: { drive: string; path: string }) =>
    `\`${manyDrives ? `${d.drive}/${pathOf(d.path)}` : pathOf(d.path)}\``;
  const names = documents.map(cite).join(' and ');
  if (sentences.length === 0) {
    return (
      `${names} ${documents.length > 1 ? 'say' : 'says'} nothing about “${escapeInline(ask.topic)}”, ` +
      'so there is nothing of it to summarize.' +
      source(`${SUMMARY_TOOL} for ${asked}: ${names}, no sentence on the topic`)
    );
  }
  const them = documents.length > 1 ? 'them, in their order' : 'it, in its order';
  const count = `${sentences.length} sentence${sentences.length === 1 ? '' : 's'}`;
  const intro = ask.topic
    ? `What ${names} ${documents.length > 1 ? 'say' : 'says'} about “${escapeInline(ask.topic)}”, in ${count} quoted from ${them}:`
    : `A summary of ${names} in ${count} quoted from ${them}:`;
  const lines = sentences.map(
    (s) =>
      `- “${escapeInline(s.text)}” — ${cite(s)}${s.heading ? `, _${escapeInline(s.heading)}_` : ''}`,
  );
  const weighed = documents
    .map((d) => `${cite(d)} (${d.sentences} sentence${d.sentences === 1 ? '' : 's'})`)
    .join(', ');
  return (
    [intro, '', ...lines].join('\n') +
    source(`${SUMMARY_TOOL} for ${asked}: ${weighed} — the sentences are in the research box`)
  );
}
