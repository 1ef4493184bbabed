import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolProviderDefinitions } from '../../../server/meeting/tools/providers';
import { builtinTools, documentTools } from '../../../server/meeting/tools';
import { driveStub } from './driveStub';
import { ToolError } from '../../../server/meeting/types';
import type { Tool, ToolContext } from '../../../server/meeting/types';

const NOW = new Date('2024-05-14T12:30:00Z');
const ctx = (signal = new AbortController().signal): ToolContext => ({
  worldId: 'test-world',
  workspaceId: 'ws-1',
  now: NOW,
  signal,
});

function tool(name: string, tools: Tool[] = builtinTools({})): Tool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

const run = (name: string, args: Record<string, unknown>, tools?: Tool[]) =>
  tool(name, tools).run(args, ctx());

async function toolError(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ToolError);
  return (err as ToolError).message;
}

describe('builtinTools', () => {
  it('declares exactly the providers and tools of toolProviders', () => {
    const declared = toolProviderDefinitions.flatMap((p) =>
      p.tools.map((t) => ({ name: t.name, provider: p.name, description: t.description })),
    );
    // The document tools are built with the drives service, beside the others.
    const built = [...builtinTools({}), ...documentTools(driveStub())].map((t) => ({
      name: t.name,
      provider: t.provider,
      description: t.description,
    }));
    expect(built).toEqual(declared);
    for (const t of [...builtinTools({}), ...documentTools(driveStub())]) {
      expect(t.parameters.type).toBe('object');
    }
  });
});

describe('calc_evaluate', () => {
  it.each([
    ['12.5% of 2,480?', '310'],
    ['0.1 + 0.2', '0.3'],
    ['15% off 80', '68'],
    ['100 + 10%', '110'],
    ['100 + 10% + 5%', '115.5'],
    ['3 * 4%', '0.12'],
    ['1,234,567.5 * 2', '2469135'],
    ['3 times 4', '12'],
    ['1/3', '0.333333333333333'],
    ['12345678901234567890 + 1', '12345678901234567891'],
    ['sqrt(16) + 3', '7'],
    ['5 km in miles', '3.10685596118667 miles'],
    ['1 inch to cm', '2.54 cm'],
  ])('%s = %s', async (expression, expected) => {
    const result = await run('calc_evaluate', { expression });
    expect((result.value as { result: string }).result).toBe(expected);
    expect(result.output).toMatch(
      new RegExp(`= ${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  });

  it('shows the normalised expression', async () => {
    const result = await run('calc_evaluate', { expression: '12.5% of 2,480?' });
    expect(result.output).toBe('(12.5 / 100) * 2480 = 310');
  });

  it.each([
    ['import({})', 'The function "import" is not allowed'],
    ['createUnit("foo", "1 m")', 'The function "createUnit" is not allowed'],
    ['evaluate("1 + 1")', 'The function "evaluate" is not allowed'],
    ['parse("2")', 'The function "parse" is not allowed'],
    ['simplify("x + x")', 'The function "simplify" is not allowed'],
    ['derivative("x^2", "x")', 'The function "derivative" is not allowed'],
    ['a = 3', 'Assignments and function definitions are not allowed'],
    ['f(x) = x^2', 'Assignments and function definitions are not allowed'],
    ['{a: 1}', 'Objects, indexing and statement blocks are not allowed'],
    ['"text"', 'Text strings are not allowed'],
    ['1:1e9', 'Ranges are not allowed'],
    ['hello world', '"hello" is not a number, unit or constant'],
    ['1000000!', 'factorial is limited to arguments up to 5000'],
    ['', 'An expression is required'],
  ])('refuses %s', async (expression, reason) => {
    const message = await toolError(run('calc_evaluate', { expression }));
    expect(message).toContain(reason);
  });

  it('says every refusal is because it only does maths', async () => {
    const message = await toolError(run('calc_evaluate', { expression: 'import({})' }));
    expect(message).toContain('calc_evaluate only evaluates mathematical expressions');
  });
});

describe('calc_convert and calc_statistics', () => {
  it('converts units exactly', async () => {
    const result = await run('calc_convert', { value: 5, from: 'km', to: 'miles' });
    expect(result.output).toBe('5 km = 3.106856 miles');
    expect(result.value).toMatchObject({ answer: '3.106856 miles', result: '3.10685596118667 mi' });
  });

  it('refuses incompatible units and non-numbers', async () => {
    expect(await toolError(run('calc_convert', { value: 5, from: 'km', to: 'kg' }))).toContain(
      'Cannot convert 5 km to kg',
    );
    expect(await toolError(run('calc_convert', { value: 'five', from: 'km', to: 'm' }))).toBe(
      '"five" is not a number',
    );
  });

  it('gives mean, median, standard deviation, sum, min and max', async () => {
    const result = await run('calc_statistics', { numbers: [2, 4, 4, 4, 5, 5, 7, 9] });
    expect(result.value).toMatchObject({
      statistic: 'summary',
      answer: '5',
      count: 8,
      sum: '40',
      mean: '5',
      median: '4.5',
      stdDev: '2.1380899352994',
      min: '2',
      max: '9',
    });
    expect(await toolError(run('calc_statistics', { numbers: [] }))).toBe(
      'A non-empty list of numbers is required',
    );
  });
});

describe('date and time tools', () => {
  it('tells the time in a city by name, from ctx.now', async () => {
    const result = await run('datetime_now', { timezone: 'Tokyo' });
    expect(result.output).toBe('Tuesday 14 May 2024, 21:30:00 in Asia/Tokyo (UTC+09:00)');
    expect(result.value).toMatchObject({
      timezone: 'Asia/Tokyo',
      iso: '2024-05-14T21:30:00+09:00',
    });
  });

  it.each([
    ['Asia/Tokyo', 'Asia/Tokyo'],
    ['new york', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Mumbai', 'Asia/Kolkata'],
  ])('resolves %s to %s', async (timezone, zone) => {
    const result = await run('datetime_now', { timezone });
    expect((result.value as { timezone: string }).timezone).toBe(zone);
  });

  it('refuses an unknown time zone', async () => {
    expect(await toolError(run('datetime_now', { timezone: 'Atlantis' }))).toBe(
      'Unknown time zone "Atlantis": use an IANA id such as Asia/Tokyo or a city name such as Tokyo',
    );
  });

  it('converts a wall-clock time between zones (with summer time)', async () => {
    const result = await run('datetime_convert', { datetime: '9am', from: 'London', to: 'Tokyo' });
    expect(result.output).toBe(
      'Tuesday 14 May 2024, 09:00:00 in Europe/London (UTC+01:00) is Tuesday 14 May 2024, 17:00:00 in Asia/Tokyo (UTC+09:00)',
    );
  });

  it('counts days, hours and minutes between two dates', async () => {
    const days = await run('datetime_difference', { from: '1 March 2025', to: '25 December 2025' });
    expect(days.value).toMatchObject({ days: 299, hours: 0, minutes: 0, totalHours: 7176 });
    const mixed = await run('datetime_difference', { from: '2024-01-01', to: '2024-03-15 10:30' });
    expect(mixed.value).toMatchObject({ days: 74, hours: 10, minutes: 30 });
    // From the clock to a date: calendar days (14 May → 25 December), not from this minute.
    const until = await run('datetime_difference', { from: 'now', to: 'christmas' });
    expect(until.value).toMatchObject({ days: 225, hours: 0, minutes: 0, answer: '225 days' });
  });

  it('refuses a date it cannot read', async () => {
    expect(
      await toolError(run('datetime_difference', { from: 'now', to: '2025-02-30' })),
    ).toContain('Could not read "2025-02-30" as a date and time');
  });
});

describe('search_web', () => {
  let server: Server;
  let base: string;
  const requests: URL[] = [];
  let reply: (req: IncomingMessage, res: ServerResponse) => void = () => {};

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
      reply(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const json =
    (body: unknown, status = 200) =>
    (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };

  it('fails clearly when no endpoint is configured', async () => {
    expect(await toolError(run('search_web', { query: 'anything' }))).toBe(
      'Web search is not configured on this server',
    );
  });

  it('returns the top five results and a safe research box', async () => {
    reply = json({
      results: [
        {
          title: 'First <script>alert(1)</script>',
          url: 'https://example.com/1',
          content: 'One & "two"',
        },
        { title: 'Sneaky', url: 'javascript:alert(1)', content: 'dropped' },
        { title: 'Second', url: 'http://example.org/2', content: 'Two' },
        { title: 'Third', url: 'https://example.net/3', content: '' },
        { title: 'Fourth', url: 'https://example.net/4', content: 'Four' },
        { title: 'Fifth', url: 'https://example.net/5', content: 'Five' },
        { title: 'Sixth', url: 'https://example.net/6', content: 'Six' },
      ],
    });
    const tools = builtinTools({ webSearchUrl: base });
    const result = await run('search_web', { query: 'emgen meetings' }, tools);
    const last = requests.at(-1)!;
    expect(last.pathname).toBe('/search');
    expect(last.searchParams.get('q')).toBe('emgen meetings');
    expect(last.searchParams.get('format')).toBe('json');
    const value = result.value as { results: Array<{ url: string }> };
    expect(value.results.map((r) => r.url)).toEqual([
      'https://example.com/1',
      'http://example.org/2',
      'https://example.net/3',
      'https://example.net/4',
      'https://example.net/5',
    ]);
    expect(result.output).toContain('1. First <script>alert(1)</script> — https://example.com/1');
    const html = result.researchBox!.html!;
    expect(html).not.toContain('<script>');
    expect(html).toContain('First &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('One &amp; &quot;two&quot;');
    expect(html).not.toContain('javascript:');
    expect([...html.matchAll(/href="([^"]+)"/g)].every((m) => /^https?:/.test(m[1]!))).toBe(true);
    expect(result.researchBox!.title).toBe('Web results for "emgen meetings"');
  });

  it('reports an empty result list plainly', async () => {
    reply = json({ results: [] });
    const result = await run(
      'search_web',
      { query: 'nothing' },
      builtinTools({ webSearchUrl: base }),
    );
    expect(result.output).toBe('No web results for "nothing".');
    expect(result.researchBox).toBeUndefined();
  });

  it('turns HTTP errors, bad JSON and unreachable servers into ToolErrors', async () => {
    const tools = builtinTools({ webSearchUrl: base });
    reply = json({ error: 'boom' }, 502);
    expect(await toolError(run('search_web', { query: 'x' }, tools))).toBe(
      'Web search failed: the search service answered HTTP 502',
    );
    reply = (_req, res) => res.end('<html>not json</html>');
    expect(await toolError(run('search_web', { query: 'x' }, tools))).toBe(
      'Web search failed: the search service did not return JSON',
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = builtinTools({ webSearchUrl: `http://127.0.0.1:${port}/search` });
    expect(await toolError(run('search_web', { query: 'x' }, unreachable))).toMatch(
      /^Web search failed: could not reach the search service \(ECONNREFUSED\)$/,
    );
  });

  it('stops when the meeting aborts', async () => {
    reply = () => {}; // never answers
    const controller = new AbortController();
    const tools = builtinTools({ webSearchUrl: base });
    const pending = tool('search_web', tools).run({ query: 'slow' }, ctx(controller.signal));
    setTimeout(() => controller.abort(new Error('meeting stopped')), 20);
    await expect(pending).rejects.toThrow('meeting stopped');
    await expect(pending).rejects.not.toBeInstanceOf(ToolError);
  });

  it('uses the injected fetch', async () => {
    const seen: string[] = [];
    const fakeFetch = (async (url: URL) => {
      seen.push(String(url));
      return new Response(JSON.stringify({ results: [{ title: 'T', url: 'https://t.example/' }] }));
    }) as unknown as typeof fetch;
    const tools = builtinTools({ webSearchUrl: 'https://search.example/search', fetch: fakeFetch });
    const result = await run('search_web', { query: 'a b' }, tools);
    expect(seen).toEqual(['https://search.example/search?q=a+b&format=json']);
    expect(result.output).toBe('1. T — https://t.example/');
  });
});
