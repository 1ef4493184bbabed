import { describeTool } from './providers';
import { ToolError } from '../types';
import type { Tool, ToolContext, ToolResult } from '../types';

/**
 * The web_search provider: one GET to a SearXNG-compatible JSON endpoint
 * (`?q=…&format=json`), the top results as text plus a research box of links.
 */

export const NOT_CONFIGURED = 'Web search is not configured on this server';
const TIMEOUT_MS = 15000;
const TOP = 5;

export interface SearchHit {
  title: string;
  url: string;
  content: string;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only absolute http(s) links are kept. */
function safeUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function readHits(body: unknown): SearchHit[] {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) {
    throw new ToolError('Web search failed: the search service answered without a results list');
  }
  const hits: SearchHit[] = [];
  for (const r of results as Array<Record<string, unknown>>) {
    const url = safeUrl(r?.url);
    if (!url) continue;
    const title = typeof r.title === 'string' && r.title.trim() ? r.title.trim() : url;
    const content = typeof r.content === 'string' ? r.content.replace(/\s+/g, ' ').trim() : '';
    hits.push({ title: clip(title, 200), url, content: clip(content, 400) });
    if (hits.length === TOP) break;
  }
  return hits;
}

export function researchHtml(hits: SearchHit[]): string {
  const items = hits.map(
    (h) =>
      `<li><a href="${escapeHtml(h.url)}" target="_blank" rel="noopener noreferrer">` +
      `${escapeHtml(h.title)}</a>${h.content ? ` — ${escapeHtml(h.content)}` : ''}</li>`,
  );
  return `<ul>${items.join('')}</ul>`;
}

async function search(
  endpoint: string | undefined,
  doFetch: typeof fetch,
  query: unknown,
  ctx: ToolContext,
): Promise<ToolResult> {
  if (!endpoint) throw new ToolError(NOT_CONFIGURED);
  const q = typeof query === 'string' ? query.trim() : '';
  if (!q) throw new ToolError('A search query is required');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ToolError(`Web search is misconfigured: "${endpoint}" is not a URL`);
  }
  url.searchParams.set('q', q);
  url.searchParams.set('format', 'json');
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await doFetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([ctx.signal, timeout]),
    });
    if (!response.ok) {
      throw new ToolError(`Web search failed: the search service answered HTTP ${response.status}`);
    }
    body = await response.json().catch(() => {
      throw new ToolError('Web search failed: the search service did not return JSON');
    });
  } catch (err) {
    if (err instanceof ToolError) throw err;
    if (ctx.signal.aborted) throw ctx.signal.reason ?? err;
    if (timeout.aborted) {
      throw new ToolError(
        `Web search failed: no answer from the search service within ${TIMEOUT_MS / 1000} s`,
      );
    }
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    const message = err instanceof Error ? err.message : String(err);
    throw new ToolError(
      `Web search failed: could not reach the search service (${cause ?? message})`,
    );
  }
  const hits = readHits(body);
  if (hits.length === 0) {
    return { output: `No web results for "${q}".`, value: { query: q, results: [] } };
  }
  const output = hits
    .map((h, i) => `${i + 1}. ${h.title} — ${h.url}${h.content ? `\n   ${h.content}` : ''}`)
    .join('\n');
  return {
    output,
    value: { query: q, results: hits },
    researchBox: {
      name: 'search_web',
      title: `Web results for "${clip(q, 80)}"`,
      html: researchHtml(hits),
    },
  };
}

export function webSearchTools(opts: { webSearchUrl?: string; fetch?: typeof fetch }): Tool[] {
  const doFetch = opts.fetch ?? globalThis.fetch;
  return [
    {
      ...describeTool('search_web'),
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'what to search for' } },
        required: ['query'],
      },
      run: (args, ctx) => search(opts.webSearchUrl, doFetch, args.query, ctx),
    },
  ];
}
