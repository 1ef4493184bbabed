import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedText, SemanticIndex } from '../../server/drives/types';
import { b64, call, makePdf, startWithSemantic, upload } from './driveHelpers';
import { Client } from './harness';

/** A stand-in for the real semantic index: scores by shared concepts, synonyms included. */
class FakeSemantic implements SemanticIndex {
  readonly name = 'fake';
  readonly docs = new Map<number, IndexedText>();
  private readonly concepts: Record<string, string> = {
    automobile: 'car',
    cars: 'car',
    car: 'car',
    vans: 'car',
    upkeep: 'maintenance',
    maintenance: 'maintenance',
    money: 'finance',
    budget: 'finance',
  };
  async upsert(doc: IndexedText) {
    this.docs.set(doc.fileId, doc);
  }
  async remove(fileId: number) {
    this.docs.delete(fileId);
  }
  private conceptsOf(text: string): Set<string> {
    const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
    return new Set(words.map((w) => this.concepts[w]).filter((c): c is string => Boolean(c)));
  }
  async search(q: {
    driveIds: string[];
    query: string;
    limit: number;
    offset: number;
    threshold: number;
  }) {
    const wanted = this.conceptsOf(q.query);
    const scored = [...this.docs.values()]
      .filter((d) => q.driveIds.includes(d.driveId))
      .map((d) => {
        const have = this.conceptsOf(d.text);
        const shared = [...wanted].filter((c) => have.has(c)).length;
        return { fileId: d.fileId, score: wanted.size ? shared / wanted.size : 0 };
      })
      .filter((h) => h.score >= q.threshold)
      .sort((a, b) => b.score - a.score);
    return { hits: scored.slice(q.offset, q.offset + q.limit), total: scored.length };
  }
}

const semantic = new FakeSemantic();
let server: Awaited<ReturnType<typeof startWithSemantic>>;
let admin: Client;
const LIB = 'Library';

const HTML =
  '<html><head><style>.x{color:red}</style><script>var hidden="scriptword"</script></head>' +
  '<body><h1>Lighthouse keepers</h1><p>Fog &amp; storms</p></body></html>';

beforeAll(async () => {
  server = await startWithSemantic(semantic);
  admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', LIB);
  const put = (files: { name: string; data: string | Buffer }[], fields = {}) =>
    upload(admin, server.url, LIB, files, fields);
  await put(
    [{ name: 'fleet.md', data: 'Maintenance schedule for the company cars and delivery vans.' }],
    {
      tags: 'fleet,operations',
    },
  );
  await put(
    [
      {
        name: 'budget.md',
        data: '# Budget\n\nThe quarterly budget covers revenue and expenses. The budget forecast for next year grows.',
      },
    ],
    { tags: 'finance,Planning' },
  );
  await put([{ name: 'soup.md', data: 'Tomato soup recipe with basil.' }], {
    path: 'recipes',
    tags: 'cooking',
  });
  await put([
    {
      name: 'meeting.md',
      data: 'Notes: hiring, offices, parking, lunch, the budget once, travel, laptops and chairs.',
    },
    { name: 'garden.txt', data: 'Watering plants and pruning roses in spring.' },
    { name: 'report.pdf', data: makePdf('Photosynthesis converts sunlight into chemical energy') },
    { name: 'broken.pdf', data: '%PDF-1.4\nthis is not really a pdf at all' },
    { name: 'page.html', data: HTML },
  ]);
  await server.drives.whenIndexed();
});
afterAll(async () => {
  await server.close();
});

const search = (kind: string, body: object) =>
  call(admin, 'POST', `/api/drives/${LIB}/search/${kind}`, body);
const resultPaths = (res: any) => res.body.data.results.map((r: any) => r.File.Path);

describe('text search', () => {
  it('ranks the relevant document first, with a marked snippet and both response shapes', async () => {
    const res = await search('text', { query: 'budget forecast' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const data = res.body.data;
    expect(data.results[0].File.Path).toBe('budget.md');
    expect(data.results[0].Snippet).toMatch(/«(budget|forecast)»/i);
    expect(data.results[0].Score).toBeGreaterThan(0);
    expect(data.results[0].Score).toBeLessThanOrEqual(1);
    expect(data.Results).toEqual(data.results);
    expect(data.TotalCount).toBe(data.total);
    expect(data.Query).toBe('budget forecast');
    expect(typeof data.Duration).toBe('number');
    // "budget" alone also finds the meeting notes, ranked lower.
    const single = await search('text', { query: 'budget' });
    expect(resultPaths(single)).toEqual(['budget.md', 'meeting.md']);
  });

  it('stems words and matches a word being typed', async () => {
    expect(resultPaths(await search('text', { query: 'forecasting' }))).toEqual(['budget.md']);
    expect(resultPaths(await search('text', { query: 'photosynth' }))).toEqual(['report.pdf']);
  });

  it('finds the text of a real PDF and of HTML without its tags and scripts', async () => {
    const pdf = await search('text', { query: 'sunlight chemical energy' });
    expect(resultPaths(pdf)).toEqual(['report.pdf']);
    expect(pdf.body.data.results[0].Snippet).toContain('«sunlight»');
    const drive = (await server.drives.driveByName('innovation-lab', LIB))!;
    expect(await server.drives.textOf(drive, 'report.pdf')).toContain(
      'Photosynthesis converts sunlight',
    );
    expect(resultPaths(await search('text', { query: 'lighthouse fog' }))).toEqual(['page.html']);
    expect(resultPaths(await search('text', { query: 'scriptword' }))).toEqual([]);
    expect(await server.drives.textOf(drive, 'page.html')).toBe('Lighthouse keepers\nFog & storms');
  });

  it('keeps a PDF that does not parse, with a clear error', async () => {
    const res = await call(admin, 'GET', `/api/drives/${LIB}/files/broken.pdf`);
    expect(res.status).toBe(200);
    expect(res.body.data.MimeType).toBe('application/pdf');
    expect(res.body.data.IndexError).toMatch(/^Could not read this PDF: /);
    expect(res.body.data.Description).toBe(res.body.data.IndexError);
    const log = (await server.store.console.list('innovation-lab')).map((m) => m.message);
    expect(log.some((m) => m.startsWith('Indexing broken.pdf: Could not read this PDF'))).toBe(
      true,
    );
    // Still found by its name.
    expect(resultPaths(await search('text', { query: 'broken' }))).toEqual(['broken.pdf']);
  });

  it('pages with offset and limit, filters by tags, and an empty query finds nothing', async () => {
    const all = await search('text', { query: 'md' });
    expect(all.body.data.total).toBe(4);
    const page = await search('text', { query: 'md', offset: 1, limit: 2 });
    expect(resultPaths(page)).toEqual(resultPaths(all).slice(1, 3));
    expect(page.body.data.total).toBe(4);
    const pastTheEnd = await search('text', { query: 'md', offset: 10, limit: 2 });
    expect(resultPaths(pastTheEnd)).toEqual([]);
    expect(pastTheEnd.body.data.total).toBe(4);
    expect(resultPaths(await search('text', { query: 'md', tags: ['cooking'] }))).toEqual([
      'recipes/soup.md',
    ]);
    expect((await search('text', { query: '  ' })).body.data.total).toBe(0);
    expect(resultPaths(await search('text', { query: '', tags: 'finance' }))).toEqual([
      'budget.md',
    ]);
  });

  it('includeContent adds base64 content for text files only', async () => {
    const withContent = await search('text', { query: 'tomato', includeContent: true });
    expect(withContent.body.data.results[0].File.Content).toBe(
      b64('Tomato soup recipe with basil.'),
    );
    const without = await search('text', { query: 'tomato' });
    expect(without.body.data.results[0].File.Content).toBeUndefined();
    const pdf = await search('text', { query: 'sunlight', includeContent: true });
    expect(pdf.body.data.results[0].File.Content).toBeUndefined();
  });

  it('a new upload is searchable by name at once and by content after indexing', async () => {
    const res = await upload(admin, server.url, LIB, [
      { name: 'zebra-notes.txt', data: 'quokka sightings in the archive' },
    ]);
    expect(res.status).toBe(200);
    expect(resultPaths(await search('text', { query: 'zebra' }))).toEqual(['zebra-notes.txt']);
    await server.drives.whenIndexed();
    expect(resultPaths(await search('text', { query: 'quokka' }))).toEqual(['zebra-notes.txt']);
  });
});

describe('tag search', () => {
  it('matches every given tag, and query text against tag names', async () => {
    expect(resultPaths(await search('tags', { tags: ['finance'] }))).toEqual(['budget.md']);
    expect(resultPaths(await search('tags', { tags: 'finance,planning' }))).toEqual(['budget.md']);
    expect(resultPaths(await search('tags', { tags: ['finance', 'cooking'] }))).toEqual([]);
    const byName = await search('tags', { query: 'plan' });
    expect(resultPaths(byName)).toEqual(['budget.md']);
    expect(byName.body.data.results[0].Snippet).toBe('Tags: finance, «Planning»');
    expect(resultPaths(await search('tags', { query: 'fleet' }))).toEqual(['fleet.md']);
    expect((await search('tags', { query: '' })).body.data.total).toBe(0);
  });
});

describe('semantic search', () => {
  it('asks the semantic index and maps its ids to files with 0..1 scores', async () => {
    const doc = [...semantic.docs.values()].find((d) => d.text.includes('fleet.md'));
    expect(doc?.text).toContain('Maintenance schedule');
    const res = await search('semantic', { query: 'automobile upkeep' });
    expect(res.status).toBe(200);
    expect(resultPaths(res)[0]).toBe('fleet.md');
    expect(res.body.data.results[0].Score).toBe(1);
    const money = await search('semantic', { query: 'money', threshold: 0.5 });
    expect(resultPaths(money)).toEqual(expect.arrayContaining(['budget.md', 'meeting.md']));
    for (const r of money.body.data.results) expect(r.Score).toBeGreaterThanOrEqual(0.5);
    const tagged = await search('semantic', { query: 'money', tags: ['finance'] });
    expect(resultPaths(tagged)).toEqual(['budget.md']);
    expect(tagged.body.data.total).toBe(1);
  });
});

describe('validation and workspaces', () => {
  it('refuses an unknown kind and a bad body', async () => {
    const kind = await search('fuzzy', { query: 'x' });
    expect(kind.status).toBe(400);
    expect(kind.body.error).toBe('Unknown search kind "fuzzy" (text, semantic or tags)');
    expect((await search('text', { query: 'x', limit: 0 })).status).toBe(400);
    expect((await search('text', { query: 'x', threshold: 2 })).status).toBe(400);
  });

  it('adds a drive file to a workspace of the same world', async () => {
    const body = { workspaceId: 'innovation-lab-welcome', driveName: LIB, filePath: 'budget.md' };
    const ok = await call(admin, 'POST', '/api/workspace/add-file', body);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'success' });
    expect(await call(admin, 'POST', '/api/workspace/add-file', body)).toMatchObject({
      status: 200,
    });
    const added = await server.drives.workspaceFiles('innovation-lab-welcome');
    expect(added.map((a) => `${a.drive.name}/${a.file.path}`)).toEqual(['Library/budget.md']);
    const otherWorld = await call(admin, 'POST', '/api/workspace/add-file', {
      ...body,
      workspaceId: 'acme_research-welcome',
    });
    expect(otherWorld.status).toBe(404);
    expect(otherWorld.body.error).toBe('This workspace does not exist');
    const noFile = await call(admin, 'POST', '/api/workspace/add-file', {
      ...body,
      filePath: 'nope.md',
    });
    expect(noFile.status).toBe(404);
    const badPath = await call(admin, 'POST', '/api/workspace/add-file', {
      ...body,
      filePath: '../x',
    });
    expect(badPath.status).toBe(400);
    expect((await call(admin, 'POST', '/api/workspace/add-file', { driveName: LIB })).status).toBe(
      400,
    );
  });
});
