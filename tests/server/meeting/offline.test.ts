import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTools } from '../../../server/meeting/tools';
import type { ExpertProfile, HistoryEntry } from '../../../server/meeting/types';
import { ask, askAll, expert, panel, type Recorded } from './offlineAsk';
describe('offline engine: a calculation', () => {
  it("Ada answers '12.5% of 2,480?' with 310 from calc_evaluate, streamed", async () => {
    const rec = await ask('12.5% of 2,480?', 'ada-quant');
    expect(rec.tools).toEqual([{ name: 'calc_evaluate', args: { expression: '12.5% of 2,480' } }]);
    expect(rec.final.startsWith('**310**')).toBe(true);
    expect(rec.final).toContain('`(12.5 / 100) * 2480` = 310');
    expect(rec.final).toContain('_Source: calc_evaluate on `12.5% of 2,480`._');
    expect(rec.partials.length).toBeGreaterThan(1);
    for (const p of rec.partials) expect(rec.final.startsWith(p)).toBe(true);
    expect(rec.traces).toEqual(['Ada Quant · offline plan']);
  });

  it('gives five different answers from the five experts, and Devon writes code', async () => {
    const answers = await askAll('12.5% of 2,480?');
    const texts = answers.map((a) => a.final);
    expect(new Set(texts).size).toBe(5);
    const [ada, chrono, lee, scout, devon] = answers as [
      Recorded,
      Recorded,
      Recorded,
      Recorded,
      Recorded,
    ];
    expect(ada.final).toContain('310');
    expect(devon.final).toMatch(/```ts\nconst result = \(12\.5 \/ 100\) \* 2480;\n/);
    expect(devon.final).toContain('console.log(Number(result.toPrecision(15))); // 310');
    expect(devon.tools.map((t) => t.name)).toEqual(['calc_evaluate']);
    expect(chrono.final).toBe('Nothing to add from the calendar side — Ada Quant has the numbers.');
    for (const off of [chrono, lee, scout]) {
      expect(off.tools).toEqual([]);
      expect(off.final.split(/[.!?](\s|$)/).filter((s) => s && s.trim()).length).toBe(1);
      expect(off.final).toContain('Ada Quant');
    }
  });

  it('is exact: 0.1 + 0.2 is 0.3', async () => {
    const ada = await ask('What is 0.1 + 0.2?', 'ada-quant');
    expect(ada.final.startsWith('**0.3**')).toBe(true);
    const devon = await ask('What is 0.1 + 0.2?', 'devon');
    expect(devon.final).toContain('const result = 0.1 + 0.2;');
    expect(devon.final).toContain('// 0.3');
  });

  it('converts units: 5 km in miles', async () => {
    const ada = await ask('5 km in miles', 'ada-quant');
    expect(ada.tools).toEqual([
      { name: 'calc_convert', args: { value: 5, from: 'km', to: 'miles' } },
    ]);
    expect(ada.final.startsWith('**3.106856 miles**')).toBe(true);
    expect(ada.final).toContain('5 km = 3.10685596118667 miles');
    expect(ada.final).toContain('calc_convert (5 km → miles)');
  });

  it('answers statistics with a table', async () => {
    const ada = await ask('average of 3, 5, 10 and 12', 'ada-quant');
    expect(ada.tools[0]).toEqual({
      name: 'calc_statistics',
      args: { numbers: [3, 5, 10, 12], statistic: 'mean' },
    });
    expect(ada.final.startsWith('Mean **7.5**')).toBe(true);
    expect(ada.final).toContain('| Median | 7.5 |');
  });

  it('leads with the statistic asked: a median question gets the median', async () => {
    const ada = await ask('What is the median of 3, 9, 4, 12 and 7?', 'ada-quant');
    expect(ada.tools[0]).toEqual({
      name: 'calc_statistics',
      args: { numbers: [3, 9, 4, 12, 7], statistic: 'median' },
    });
    expect(ada.final.startsWith('Median **7**')).toBe(true);
    const devon = await ask('population standard deviation of 2, 4, 4, 4, 5, 5, 7, 9', 'devon');
    expect(devon.final.startsWith('Standard deviation (population) **2**')).toBe(true);
    expect(devon.final).toContain('/ numbers.length;');
  });

  it('converts °F to °C with the offset, and kilograms to pounds rather than sterling', async () => {
    const ada = await ask('72°F in celsius', 'ada-quant');
    expect(ada.final.startsWith('**22.22222 °C**')).toBe(true);
    expect(ada.traces).toContain('Ada Quant · evaluated');
    const kg = await ask('70 kg in pounds', 'ada-quant');
    expect(kg.final.startsWith('**154.3236 lb**')).toBe(true);
  });

  it('solves an equation with the unknown on both sides, and a linear system', async () => {
    const ada = await ask('3x + 5 = 2x - 7', 'ada-quant');
    expect(ada.tools).toEqual([{ name: 'calc_solve', args: { equations: ['3x + 5 = 2x - 7'] } }]);
    expect(ada.final.startsWith('**x = -12**')).toBe(true);
    expect(ada.final).toContain('Evaluated: `3x + 5 = 2x - 7`.');
    const system = await ask('x + y = 10, x - y = 2', 'ada-quant');
    expect(system.final.startsWith('**x = 6, y = 4**')).toBe(true);
  });

  it('refuses a security probe, with working-with-errors progress', async () => {
    for (const probe of ['import({})', 'createUnit("foo", "1 m")']) {
      const ada = await ask(probe, 'ada-quant');
      expect(ada.tools[0]!.error).toContain('is not allowed');
      expect(ada.progress).toEqual([{ status: 'working-with-errors', error: ada.tools[0]!.error }]);
      expect(ada.final).toContain('I could not work that out: The function');
      expect(ada.final).toContain('(refused)');
    }
  });
});

describe('offline engine: greetings, follow-ups and missing providers', () => {
  it('answers a greeting with a one-line introduction each', async () => {
    const answers = await askAll('Hello!');
    const texts = answers.map((a) => a.final);
    expect(new Set(texts).size).toBe(5);
    texts.forEach((t, i) => {
      expect(t).not.toContain('\n');
      expect(t).toContain(panel[i]!.name);
    });
    expect(answers.every((a) => a.tools.length === 0)).toBe(true);
  });

  const earlier: HistoryEntry[] = [
    { role: 'user', name: 'Sam', content: '12.5% of 2,480?' },
    { role: 'assistant', name: 'Ada Quant', expertId: 'ada-quant', content: '**310**\n\nWorking…' },
    { role: 'assistant', name: 'Chrono', expertId: 'chrono', content: 'Nothing to add.' },
  ];

  it('"double that" uses the last numeric result', async () => {
    const ada = await ask('double that', 'ada-quant', { history: earlier });
    expect(ada.tools[0]).toEqual({ name: 'calc_evaluate', args: { expression: '2 * (310)' } });
    expect(ada.final.startsWith('**620**')).toBe(true);
    expect(ada.final).toContain("using 310 from Ada Quant's last answer");
    const withQuestion = [...earlier, { role: 'user' as const, name: 'Sam', content: 'ans + 10%' }];
    const plus = await ask('ans + 10%', 'ada-quant', { history: withQuestion });
    expect(plus.final.startsWith('**341**')).toBe(true);
  });

  it('"and in euros?" needs a rate: Ada says so, Scout tries to search', async () => {
    const ada = await ask('and in euros?', 'ada-quant', { history: earlier });
    expect(ada.tools).toEqual([]);
    expect(ada.final).toContain("I can't convert 310 to euros exactly");
    const scout = await ask('and in euros?', 'scout', { history: earlier });
    expect(scout.tools[0]).toMatchObject({
      name: 'search_web',
      args: { query: '310 to euros exchange rate' },
    });
  });

  it('"and in kelvin?" converts the last result with its unit as the converters name it', async () => {
    const history: HistoryEntry[] = [
      { role: 'user', name: 'Sam', content: '72°F in celsius' },
      { role: 'assistant', name: 'Ada Quant', expertId: 'ada-quant', content: '**22.5 °C**\n\n…' },
    ];
    const ada = await ask('and in kelvin?', 'ada-quant', { history });
    expect(ada.tools[0]).toEqual({
      name: 'calc_convert',
      args: { value: 22.5, from: '°C', to: 'kelvin' },
    });
    expect(ada.final.startsWith('**295.65 K**')).toBe(true);
  });

  it('a follow-up with nothing to refer to says so', async () => {
    const ada = await ask('double that', 'ada-quant');
    expect(ada.tools).toEqual([]);
    expect(ada.final).toContain('no earlier numeric result');
  });

  it('names the provider a missing tool needs, and calls nothing', async () => {
    const noCalc = builtinTools({}).filter((t) => t.provider !== 'calculations');
    const ada = await ask('12.5% of 2,480?', 'ada-quant', { tools: noCalc });
    expect(ada.tools).toEqual([]);
    expect(ada.final).toContain('**calculations** tool provider (`calc_evaluate`)');
    const scout = await ask('Who won the 2022 World Cup?', 'scout', { tools: [] });
    expect(scout.tools).toEqual([]);
    expect(scout.final).toContain('**web_search** tool provider');
  });

  it('a like-minded second expert words its answer differently', async () => {
    const twin: ExpertProfile = { ...expert('ada-quant'), id: 'ada-2', name: 'Ada Two' };
    const who = [...panel, twin];
    const [first, second] = await Promise.all([
      ask('12.5% of 2,480?', 'ada-quant', { who }),
      ask('12.5% of 2,480?', 'ada-2', { who }),
    ]);
    expect(second!.final).toBe(`Independently of Ada Quant: ${first!.final}`);
  });
});

describe('offline engine: research', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          results: [
            {
              title: 'Argentina win [final]',
              url: 'https://news.example/wc',
              content: 'On penalties.',
            },
            { title: 'Report', url: 'https://sport.example/r', content: 'Messi lifts the cup.' },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('Scout says why it could not search when web search is not configured', async () => {
    const scout = await ask('Who won the 2022 World Cup?', 'scout');
    expect(scout.tools[0]).toMatchObject({
      name: 'search_web',
      error: 'Web search is not configured on this server',
    });
    expect(scout.progress).toEqual([
      { status: 'working-with-errors', error: 'Web search is not configured on this server' },
    ]);
    expect(scout.final).toContain(
      "I couldn't search the web: Web search is not configured on this server.",
    );
  });

  it('Scout reports search results with a research box', async () => {
    const tools = builtinTools({ webSearchUrl: url });
    const scout = await ask('Search the web for who won the 2022 World Cup', 'scout', { tools });
    expect(scout.tools[0]!.args).toEqual({ query: 'who won the 2022 World Cup' });
    expect(scout.final).toContain(
      '1. [Argentina win \\[final\\]](https://news.example/wc) — On penalties.',
    );
    expect(scout.final).toContain('top 2 results, links in the research box');
    expect(scout.boxes).toHaveLength(1);
    expect(scout.boxes[0]!.html).toContain('href="https://news.example/wc"');
    const ada = await ask('Search the web for who won the 2022 World Cup', 'ada-quant', { tools });
    expect(ada.final).toBe('Nothing to calculate here — Scout has the web search.');
  });

  it('Librarian Lee says plainly there are no documents yet', async () => {
    const lee = await ask('What does our travel policy document say about hotels?', 'librarian');
    expect(lee.tools).toEqual([]);
    expect(lee.final).toContain('I have no documents to search in this workspace yet');
    expect(lee.final).toContain('_Source: from my own notes');
  });
});

describe('offline engine: stopping', () => {
  it('does nothing once the request is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      ask('12.5% of 2,480?', 'ada-quant', { signal: controller.signal }),
    ).rejects.toThrow('stopped');
  });

  it('stops streaming promptly when aborted mid-answer', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = ask('12.5% of 2,480?', 'devon', { signal: controller.signal, paceMs: 1000 });
    setTimeout(() => controller.abort(new Error('stopped')), 30);
    await expect(pending).rejects.toThrow('stopped');
    expect(Date.now() - started).toBeLessThan(900);
  });
});
