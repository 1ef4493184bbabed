import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSemanticIndex,
  createVectorIndex,
  rankPassages,
} from '../../../server/drives/semantic';
import { splitSections } from '../../../server/drives/semantic/sections';
import { loadWordVectors, tableFileName } from '../../../server/drives/semantic/wordVectors/load';
import type { SemanticIndex } from '../../../server/drives/types';
import { migrate } from '../../../server/store/db';
import { sqliteQueries } from '../../../server/store/kysely';
import { SemanticRowsRepository } from '../../../server/store/semanticRows';

/**
 * The embedded word-vector index: documents found by meaning with no word
 * in common with the query, ranked first among the demo library's documents.
 */

const SEED = path.resolve(__dirname, '../../../server/seed/documents');
const TEXT = /\.(md|txt|ts|py|go|sh|json|csv|html|svg)$/;

function seedTexts(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (TEXT.test(e.name) && e.name !== 'tags.json')
        out.push({ path: path.relative(SEED, p), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(SEED);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

const TARGETS = {
  'x/cars.md':
    'Automobiles and their engines. Most vehicles on the road burn petrol in a combustion chamber; ' +
    'pistons turn a crankshaft and a gearbox passes the power to the wheels. Regular servicing keeps ' +
    'them running smoothly.',
  'x/heart.md':
    "A physician's advice on heart disease: keep blood pressure low, stop smoking, exercise regularly " +
    'and see your GP about chest pain before it becomes an emergency.',
  'x/dogs.md':
    'Canine nutrition: puppies need more protein and fat than adult hounds; give measured portions ' +
    'twice a day and avoid chocolate, grapes and onions.',
};

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z]+/g) ?? []);
function sharedWords(a: string, b: string): string[] {
  const wb = words(b);
  return [...words(a)].filter((w) => wb.has(w));
}

let dir: string;
/** The index's rows in a migrated SQLite file (the migrations create its table). */
const rowsOn = (db: Database.Database) => new SemanticRowsRepository(sqliteQueries(db));

let db: Database.Database;
let index: SemanticIndex;
const paths: string[] = [];
const pathOf = (id: number) => paths[id - 1];

async function top(query: string, opts: { threshold?: number; driveIds?: string[] } = {}) {
  const found = await index.search({
    driveIds: opts.driveIds ?? ['library', 'other'],
    query,
    limit: 5,
    offset: 0,
    threshold: opts.threshold ?? 0.25,
  });
  return found.hits.map((h) => ({ path: pathOf(h.fileId), score: h.score }));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-semantic-'));
  db = new Database(path.join(dir, 'index.sqlite'));
  migrate(db);
  index = createVectorIndex({ rows: rowsOn(db), cacheDir: path.join(dir, 'cache') });
  const docs = [...seedTexts(), ...Object.entries(TARGETS).map(([p, text]) => ({ path: p, text }))];
  for (const doc of docs) {
    paths.push(doc.path);
    await index.upsert({ fileId: paths.length, driveId: 'library', text: doc.text });
  }
});

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('vector index: meaning, not shared words', () => {
  it.each([
    ['car motor', 'x/cars.md'],
    ['doctor cardiac illness', 'x/heart.md'],
    ['dog food', 'x/dogs.md'],
    ['vacation entitlement', 'handbook/benefits-and-leave.md'],
    ['surgeon', 'x/heart.md'],
  ])('"%s" finds %s first, sharing no word with it', async (query, expected) => {
    const text =
      TARGETS[expected as keyof typeof TARGETS] ??
      seedTexts().find((d) => d.path === expected)!.text;
    expect(sharedWords(query, text)).toEqual([]);
    const hits = await top(query);
    expect(hits[0]?.path).toBe(expected);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(0.25);
    expect(hits[0]!.score).toBeLessThanOrEqual(1);
  });

  it('ranks a document first for a narrower term than the one it uses', async () => {
    for (const [query, expected] of [
      ['sedan', 'x/cars.md'],
      ['poodle', 'x/dogs.md'],
      ['cardiologist', 'x/heart.md'],
    ]) {
      const text = TARGETS[expected as keyof typeof TARGETS];
      expect(sharedWords(query!, text)).toEqual([]);
      expect((await top(query!, { threshold: 0.1 }))[0]?.path).toBe(expected);
    }
  });

  it('also finds the demo library documents by their own words', async () => {
    expect((await top('password manager two-factor'))[0]?.path).toBe('handbook/security-basics.md');
    expect((await top('exponential backoff with jitter'))[0]?.path).toMatch(
      /^engineering\/examples\/retry\./,
    );
    expect((await top('hotel limits per night'))[0]?.path).toBe('handbook/travel-and-expenses.md');
  });

  it('scores in 0..1, best first, and respects the threshold and paging', async () => {
    const all = await index.search({
      driveIds: ['library'],
      query: 'car motor',
      limit: 100,
      offset: 0,
      threshold: 0,
    });
    expect(all.total).toBe(all.hits.length);
    expect(all.total).toBeGreaterThan(3);
    for (const h of all.hits) expect(h.score).toBeGreaterThan(0);
    for (const h of all.hits) expect(h.score).toBeLessThanOrEqual(1);
    const scores = all.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const cut = scores[2]!;
    const above = await index.search({
      driveIds: ['library'],
      query: 'car motor',
      limit: 100,
      offset: 0,
      threshold: cut,
    });
    expect(above.hits.every((h) => h.score >= cut)).toBe(true);
    expect(above.total).toBe(scores.filter((s) => s >= cut).length);

    const page = await index.search({
      driveIds: ['library'],
      query: 'car motor',
      limit: 2,
      offset: 1,
      threshold: 0,
    });
    expect(page.hits.map((h) => h.fileId)).toEqual(all.hits.slice(1, 3).map((h) => h.fileId));
    expect(page.total).toBe(all.total);

    expect((await top('car motor', { threshold: 0.99 })).length).toBe(0);
    expect(await top('the and of')).toEqual([]);
    expect(await top('')).toEqual([]);
  });

  it('searches only the drives asked for', async () => {
    await index.upsert({
      fileId: 9001,
      driveId: 'other',
      text: 'Feline diet: kittens need taurine.',
    });
    paths[9000] = 'other/cats.md';
    expect((await top('cat', { driveIds: ['other'] }))[0]?.path).toBe('other/cats.md');
    expect((await top('cat', { driveIds: ['library'] })).map((h) => h.path)).not.toContain(
      'other/cats.md',
    );
    expect(await top('cat', { driveIds: [] })).toEqual([]);
  });

  it('replaces a file on upsert and forgets it on remove', async () => {
    const id = 9002;
    paths[id - 1] = 'x/replaced.md';
    await index.upsert({
      fileId: id,
      driveId: 'library',
      text: 'The attorney reviewed the office lease.',
    });
    expect((await top('lawyer'))[0]?.path).toBe('x/replaced.md');
    await index.upsert({
      fileId: id,
      driveId: 'library',
      text: 'Violins and cellos are stringed instruments.',
    });
    expect((await top('lawyer')).map((h) => h.path)).not.toContain('x/replaced.md');
    expect((await top('fiddle'))[0]?.path).toBe('x/replaced.md');
    await index.remove(id);
    expect((await top('fiddle')).map((h) => h.path)).not.toContain('x/replaced.md');
    const rows = db
      .prepare('SELECT COUNT(*) AS n FROM semantic_passages WHERE file_id = ?')
      .get(id) as { n: number };
    expect(rows.n).toBe(0);
  });

  it('keeps the converted word vectors under the data directory, with WordNet synonyms', async () => {
    expect(fs.statSync(path.join(dir, 'cache', tableFileName())).size).toBeGreaterThan(10_000_000);
    const table = await loadWordVectors(path.join(dir, 'cache'));
    const synonymsOf = (word: string) =>
      [...table.synonyms(table.lookup(word))].map((r) => table.word(r));
    expect(synonymsOf('poorly')).toEqual(expect.arrayContaining(['ill', 'unwell']));
    expect(synonymsOf('newbie')).toContain('newcomer');
    expect(synonymsOf('nicked')).toContain('nick');
    expect(table.similarity(table.lookup('holiday'), table.lookup('vacation'))).toBeGreaterThan(
      0.6,
    );
    expect(table.lookup('qqqzzzxxy')).toBe(-1);
  });
});

describe('vector index: persistence', () => {
  it('a new instance on the same database finds the same documents without re-indexing', async () => {
    const before = await top('doctor cardiac illness');
    const reopened = new Database(path.join(dir, 'index.sqlite'));
    const again = createVectorIndex({
      rows: rowsOn(reopened),
      cacheDir: path.join(dir, 'cache'),
    });
    const found = await again.search({
      driveIds: ['library', 'other'],
      query: 'doctor cardiac illness',
      limit: 5,
      offset: 0,
      threshold: 0.25,
    });
    expect(found.hits.map((h) => pathOf(h.fileId))).toEqual(before.map((h) => h.path));
    found.hits.forEach((h, i) => expect(h.score).toBeCloseTo(before[i]!.score, 5));
    reopened.close();
  });

  it('another instance reads a file it did not index when told to (refresh), and forgets a removed one', async () => {
    const reopened = new Database(path.join(dir, 'index.sqlite'));
    const other = createVectorIndex({ rows: rowsOn(reopened), cacheDir: path.join(dir, 'cache') });
    const ask = (query: string) =>
      other.search({ driveIds: ['elsewhere'], query, limit: 5, offset: 0, threshold: 0.25 });
    expect((await ask('dog food')).hits).toEqual([]); // loaded now, without the new file
    const fileId = 900;
    await index.upsert({ fileId, driveId: 'elsewhere', text: TARGETS['x/dogs.md'] });
    expect((await ask('dog food')).hits).toEqual([]);
    await other.refresh!(fileId);
    expect((await ask('dog food')).hits.map((h) => h.fileId)).toEqual([fileId]);
    await index.remove(fileId);
    await other.refresh!(fileId);
    expect((await ask('dog food')).hits).toEqual([]);
    reopened.close();
  });

  it('recomputes vectors stored by an older analysis from their saved words', async () => {
    const copy = path.join(dir, 'old.sqlite');
    await db.backup(copy);
    const old = new Database(copy);
    old.prepare("UPDATE semantic_passages SET version = 'vectors-0'").run();
    const upgraded = createVectorIndex({ rows: rowsOn(old) });
    const found = await upgraded.search({
      driveIds: ['library'],
      query: 'dog food',
      limit: 1,
      offset: 0,
      threshold: 0.25,
    });
    expect(pathOf(found.hits[0]!.fileId)).toBe('x/dogs.md');
    const stale = old
      .prepare("SELECT COUNT(*) AS n FROM semantic_passages WHERE version = 'vectors-0'")
      .get() as { n: number };
    expect(stale.n).toBe(0);
    old.close();
  });
});

describe('passages', () => {
  it('rankPassages picks the paragraph that answers the question, with its heading', async () => {
    const travel = seedTexts().find((d) => d.path === 'handbook/travel-and-expenses.md')!.text;
    const [best] = await rankPassages(travel, 'lodging cost per night in the capital', 1);
    expect(best!.text).toContain('£180 per night');
    expect(best!.heading).not.toBe('');
    expect(travel.slice(best!.start).startsWith(best!.text.split('\n')[0]!)).toBe(true);
  });

  it('splitSections cuts at headings, keeps each passage under its heading, and offsets into the text', () => {
    const text = [
      '# Staff handbook',
      '',
      'Welcome to the company.',
      '',
      '## 7. Relocation support',
      '',
      'We pay removal costs up to £5,000.',
      '',
      'Temporary housing for 30 days.',
      '',
      'PARKING',
      '',
      'Spaces are allocated by badge.',
    ].join('\n');
    const sections = splitSections(text, { target: 40, max: 200 });
    const headings = sections.map((s) => s.heading);
    expect(headings).toContain('7. Relocation support');
    expect(headings).toContain('PARKING');
    const housing = sections.find((s) =>
      text.slice(s.start, s.stop).includes('Temporary housing'),
    )!;
    expect(housing.heading).toBe('7. Relocation support');
    expect(text.slice(housing.start, housing.stop)).toContain('Temporary housing for 30 days.');
    // A long paragraph is cut at sentence ends under the maximum; a long text gets longer passages.
    const sentence = (i: number) =>
      `Sentence number ${i} talks about scheduling plumbers and invoices.`;
    const long = Array.from({ length: 80 }, (_, i) => sentence(i)).join(' ');
    const cut = splitSections(long, { target: 700, max: 1000 });
    expect(cut.length).toBeGreaterThan(4);
    for (const c of cut) expect(c.stop - c.start).toBeLessThanOrEqual(1000);
    for (const c of cut.slice(0, -1))
      expect(long.slice(c.start, c.stop).trimEnd().endsWith('.')).toBe(true);
    expect(
      splitSections(long, { target: 700, max: 1000, maxPassages: 3 }).length,
    ).toBeLessThanOrEqual(4);
    expect(splitSections('   ')).toEqual([]);
  });
});

describe('createSemanticIndex', () => {
  it('uses the word-vector index by default and the embeddings endpoint when configured', () => {
    const memory = new Database(':memory:');
    migrate(memory);
    const none = {
      EMBEDDINGS_BASE_URL: undefined,
      EMBEDDINGS_API_KEY: undefined,
      EMBEDDINGS_MODEL: undefined,
    };
    expect(createSemanticIndex(none, rowsOn(memory), dir).name).toBe('vectors');
    const remote = createSemanticIndex(
      {
        EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1',
        EMBEDDINGS_API_KEY: 'k',
        EMBEDDINGS_MODEL: 'nomic-embed-text',
      },
      rowsOn(memory),
      dir,
    );
    expect(remote.name).toBe('embeddings:nomic-embed-text');
    memory.close();
  });
});
