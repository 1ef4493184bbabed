import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A SearXNG-compatible search endpoint for the web_search tool (WEB_SEARCH_URL):
 * it answers at once with two results, except a query with a held word, which
 * it never answers (the expert stays mid-answer until its instance dies).
 */
export interface SearchService {
  url: string;
  /** The queries asked so far, in order. */
  queries: string[];
  close(): Promise<void>;
}

export async function startSearchService(held: string): Promise<SearchService> {
  const queries: string[] = [];
  const waiting = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const q = new URL(req.url ?? '/', 'http://search').searchParams.get('q') ?? '';
    queries.push(q);
    if (q.includes(held)) {
      waiting.add(res);
      res.once('close', () => waiting.delete(res));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        results: [
          {
            title: `Field report on ${q}`,
            url: 'https://example.org/field-report',
            content: `Three sources agree on ${q}.`,
          },
          {
            title: 'A second opinion',
            url: 'https://example.org/second-opinion',
            content: 'One source disagrees.',
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search`,
    queries,
    close: () =>
      new Promise((resolve) => {
        for (const res of waiting) res.destroy();
        server.close(() => resolve());
      }),
  };
}
