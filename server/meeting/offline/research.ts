import type { SearchHit } from '../tools/webSearch';
import { callTool, hasTool, valueOf } from './turn';
import type { Turn } from './turn';
import { providerMissing, source } from './voices';

/**
 * The web scout reports what search results say (the links also travel as
 * the tool's research box). The librarian lives in docs.ts.
 */

const escapeText = (s: string) => s.replace(/([\\[\]*_`<>])/g, '\\$1');
const escapeUrl = (s: string) => s.replace(/[()\s]/g, (c) => encodeURIComponent(c));

export async function webAnswer(turn: Turn): Promise<string> {
  const { intent } = turn;
  const query =
    intent.kind === 'search'
      ? intent.query
      : intent.kind === 'currency'
        ? `${intent.amount ?? '1'} to ${intent.currency} exchange rate`
        : turn.request.question;
  if (!hasTool(turn, 'search_web'))
    return providerMissing('search_web', 'web', turn.request.configureUrl);
  const outcome = await callTool(turn, { tool: 'search_web', args: { query } });
  if (!outcome.ok) {
    return (
      `I couldn't search the web: ${outcome.error}. So I have nothing verified to report on “${escapeText(query)}”.` +
      source('search_web (failed)')
    );
  }
  const hits = (valueOf(outcome.result).results ?? []) as SearchHit[];
  // The links reach the page as the tool result's research box, which the
  // runner's reporter publishes with the tool call (server/meeting/reporter.ts).
  if (hits.length === 0) {
    return (
      `I searched the web for “${escapeText(query)}” and found nothing worth reporting.` +
      source('search_web, no results')
    );
  }
  const list = hits.map(
    (h, i) =>
      `${i + 1}. [${escapeText(h.title)}](${escapeUrl(h.url)})${h.content ? ` — ${escapeText(h.content)}` : ''}`,
  );
  return (
    `Here's what the sources say about “${escapeText(query)}”:\n\n${list.join('\n')}` +
    source(
      `search_web for “${escapeText(query)}” — top ${hits.length} results, links in the research box`,
    )
  );
}

/** An expert outside the offline specialties whose keywords the question touches. */
export function outOfReachAnswer(keyword: string): string {
  return (
    `That touches on ${keyword}, but offline I have no tool or source for it, so I won't guess.` +
    source('from my own notes')
  );
}
