import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddingsIndex, EmbeddingsError } from '../../../server/drives/semantic';
import { migrate } from '../../../server/store/db';
import { sqliteQueries } from '../../../server/store/kysely';
import { SemanticRowsRepository } from '../../../server/store/semanticRows';

/** The index's rows in a SQLite database. */
const rowsOn = (db: Database.Database) => new SemanticRowsRepository(sqliteQueries(db));

/** An in-memory store with the migrations applied (they create semantic_embeddings). */
function migrated(): Database.Database {
  const db = new Database(':memory:');
  migrate(db);
  return db;
}

/**
 * The embeddings index against a local OpenAI-compatible /embeddings server
 * whose "model" maps words to topics, so synonyms share a direction.
 */

const TOPICS: Record<string, number> = {
  car: 0,
  automobile: 0,
  vehicle: 0,
  engine: 1,
  motor: 1,
  dog: 2,
  canine: 2,
  puppy: 2,
  food: 3,
  nutrition: 3,
  diet: 3,
  invoice: 4,
  payment: 4,
};
const DIM = 8;

function embedding(text: string): number[] {
  const v = new Array<number>(DIM).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const stem = word.replace(/s$/, '');
    const topic = TOPICS[word] ?? TOPICS[stem];
    if (topic !== undefined) v[topic]! += 1;
    else v[7] = Math.min(0.2, v[7]! + 0.05); // everything else: a faint shared direction
  }
  return v;
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; input: string[] };
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];
let failWith: { status: number; body: string } | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as Received['body'];
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (failWith) {
        res.writeHead(failWith.status, { 'content-type': 'application/json' });
        res.end(failWith.body);
        return;
      }
      const data = body.input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: embedding(text),
      }));
      // Out of order on purpose: the index must sort by `index`.
      data.reverse();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', model: body.model, data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  failWith = null;
});

const DOCS = [
  { fileId: 1, driveId: 'd1', text: 'Automobiles and their engines need regular servicing.' },
  { fileId: 2, driveId: 'd1', text: 'Canine nutrition: what puppies should eat.' },
  { fileId: 3, driveId: 'd2', text: 'Send the invoice and take the payment on the doorstep.' },
];

async function indexed(db = migrated()) {
  const index = createEmbeddingsIndex({
    rows: rowsOn(db),
    baseUrl,
    apiKey: 'sk-test',
    model: 'fake-embed',
  });
  for (const doc of DOCS) await index.upsert(doc);
  return { db, index };
}

const search = (
  index: Awaited<ReturnType<typeof indexed>>['index'],
  query: string,
  driveIds = ['d1', 'd2'],
  threshold = 0.25,
) => index.search({ driveIds, query, limit: 10, offset: 0, threshold });

describe('embeddings index', () => {
  it('posts model and input to {baseUrl}/embeddings with the API key, and ranks by cosine', async () => {
    const { index } = await indexed();
    expect(index.name).toBe('embeddings:fake-embed');
    expect(received[0]!.path).toBe('/v1/embeddings');
    expect(received[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(received[0]!.body).toEqual({ model: 'fake-embed', input: [DOCS[0]!.text] });

    const found = await search(index, 'car motor');
    expect(found.hits[0]!.fileId).toBe(1);
    expect(found.hits[0]!.score).toBeGreaterThan(0.9);
    expect(found.hits[0]!.score).toBeLessThanOrEqual(1);
    expect((await search(index, 'dog food')).hits[0]!.fileId).toBe(2);
  });

  it('respects the threshold, the drives and paging', async () => {
    const { index } = await indexed();
    const all = await search(index, 'the car motor', ['d1', 'd2'], 0);
    expect(all.total).toBe(3);
    expect(all.hits.map((h) => h.score)).toEqual(
      [...all.hits.map((h) => h.score)].sort((a, b) => b - a),
    );
    expect((await search(index, 'car motor')).hits.map((h) => h.fileId)).toEqual([1]);
    expect((await search(index, 'invoice', ['d1'])).hits).toEqual([]);
    expect((await search(index, 'invoice', ['d2'])).hits[0]!.fileId).toBe(3);
    const page = await index.search({
      driveIds: ['d1', 'd2'],
      query: 'the car motor',
      limit: 1,
      offset: 1,
      threshold: 0,
    });
    expect(page.hits.map((h) => h.fileId)).toEqual([all.hits[1]!.fileId]);
    expect(page.total).toBe(3);
    expect((await search(index, '   ')).hits).toEqual([]);
  });

  it('cuts long text into passages, batches them, and scores a file by its best passage, which it returns', async () => {
    const db = migrated();
    const index = createEmbeddingsIndex({
      rows: rowsOn(db),
      baseUrl,
      model: 'fake-embed',
      batchSize: 2,
    });
    const filler =
      'The quarterly planning meeting covered hiring, budgets and office moves. '.repeat(60);
    await index.upsert({
      fileId: 7,
      driveId: 'd1',
      text: `${filler}Finally, the dog needs better food.`,
    });
    const inputs = received.flatMap((r) => r.body.input);
    expect(inputs.length).toBeGreaterThan(2);
    expect(received.every((r) => r.body.input.length <= 2)).toBe(true);
    for (const chunk of inputs) expect(chunk.length).toBeLessThanOrEqual(1600);
    expect(received[0]!.headers.authorization).toBeUndefined();
    const rows = db
      .prepare('SELECT COUNT(*) AS n FROM semantic_embeddings WHERE file_id = 7')
      .get() as { n: number };
    expect(rows.n).toBe(inputs.length);
    const found = await search(index, 'dog food', ['d1']);
    expect(found.hits[0]).toMatchObject({ fileId: 7 });
    expect(found.hits[0]!.score).toBeGreaterThan(0.5);
    // The passage with the dog, at the end of the text, is the one returned.
    expect(found.hits[0]!.passage!.start).toBeGreaterThan(1000);
    expect(found.hits[0]!.passage!.stop).toBe(
      filler.length + 'Finally, the dog needs better food.'.length,
    );
  });

  it('keeps vectors in SQLite: a new instance searches without re-embedding the files', async () => {
    const { db } = await indexed();
    received.length = 0;
    const again = createEmbeddingsIndex({ rows: rowsOn(db), baseUrl, model: 'fake-embed' });
    expect((await search(again, 'invoice')).hits[0]!.fileId).toBe(3);
    expect(received.map((r) => r.body.input)).toEqual([['invoice']]);
    // Another model's vectors are not mixed in.
    const other = createEmbeddingsIndex({ rows: rowsOn(db), baseUrl, model: 'other-model' });
    expect((await search(other, 'invoice')).hits).toEqual([]);
  });

  it('reads one file again from the store when another instance wrote it (refresh)', async () => {
    const { db, index } = await indexed();
    const other = createEmbeddingsIndex({ rows: rowsOn(db), baseUrl, model: 'fake-embed' });
    expect((await search(other, 'invoice')).hits[0]!.fileId).toBe(3); // loaded now
    // Rewritten elsewhere: it is about dogs now, and the loaded instance does not know yet.
    await index.upsert({ fileId: 3, driveId: 'd2', text: 'Puppies and their diet.' });
    expect((await search(other, 'dog food', ['d2'])).hits).toEqual([]);
    await other.refresh!(3);
    expect((await search(other, 'dog food', ['d2'])).hits.map((h) => h.fileId)).toEqual([3]);
    expect((await search(other, 'invoice', ['d2'])).hits).toEqual([]);
    // Gone from the store: forgotten on refresh.
    await index.remove(3);
    await other.refresh!(3);
    expect((await search(other, 'dog food', ['d2'], 0)).hits).toEqual([]);
  });

  it('forgets a removed file', async () => {
    const { db, index } = await indexed();
    await index.remove(1);
    expect((await search(index, 'car motor', ['d1'], 0)).hits.map((h) => h.fileId)).not.toContain(
      1,
    );
    expect(
      (
        db.prepare('SELECT COUNT(*) AS n FROM semantic_embeddings WHERE file_id = 1').get() as {
          n: number;
        }
      ).n,
    ).toBe(0);
  });

  it('reports HTTP failures, bad bodies and unreachable endpoints clearly', async () => {
    const { db, index } = await indexed();
    failWith = { status: 401, body: JSON.stringify({ error: { message: 'Invalid API key' } }) };
    await expect(index.upsert(DOCS[0]!)).rejects.toThrow(
      new EmbeddingsError('Embeddings endpoint answered HTTP 401: Invalid API key'),
    );
    // A failed upsert leaves the earlier vectors in place.
    failWith = null;
    expect((await search(index, 'car motor')).hits[0]!.fileId).toBe(1);
    failWith = { status: 500, body: 'upstream exploded' };
    await expect(search(index, 'car')).rejects.toThrow(
      'Embeddings endpoint answered HTTP 500: upstream exploded',
    );
    failWith = { status: 200, body: JSON.stringify({ nothing: true }) };
    await expect(index.upsert(DOCS[0]!)).rejects.toThrow('returned no "data" list');

    const closed = createEmbeddingsIndex({
      rows: rowsOn(db),
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
    });
    await expect(closed.upsert(DOCS[0]!)).rejects.toThrow(
      /^Embeddings request to http:\/\/127\.0\.0\.1:9\/v1\/embeddings failed: /,
    );
  });
});
