import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';

/** The server's log, one JSON object per line, as it writes it. */
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { logger: { level: 'info', stream } });
});
afterAll(() => server.close());

describe('the request log', () => {
  it('writes one line per request, with method, path without query, status and time', async () => {
    const client = new Client(server.url);
    await client.request('GET', '/api/csrf'); // the client's first call fetches its CSRF cookie too
    await new Promise((r) => setTimeout(r, 50));
    lines.length = 0;
    await client.request('GET', '/api/health?probe=1');
    await client.request('POST', '/api/user', { body: {} });
    await client.request('GET', '/api/settings');
    await new Promise((r) => setTimeout(r, 50));
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.method, l.path, l.status])).toEqual([
      ['GET', '/api/health', 200],
      ['POST', '/api/user', 401],
      ['GET', '/api/settings', 401],
    ]);
    for (const l of requests) {
      expect(typeof l.ms).toBe('number');
      expect(typeof l.reqId).toBe('string');
      expect(l.level).toBe(30);
    }
    // Fastify's own pair of lines per request is off: nothing else names a request.
    expect(
      lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed'),
    ).toEqual([]);
    expect(new Set(requests.map((l) => l.reqId)).size).toBe(3);
  });
});
