import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNFINISHED_ERROR } from '../../server/drives/indexer';
import { call, upload } from './driveHelpers';
import { Client, startTestServer, storeLocation, type TestServer } from './harness';
import { withStoreDatabase } from '../support/storeDatabase';
import { inflatingPdf } from './hostileFiles';

/**
 * Issue 14: a file being extracted when the server stops is queued again on
 * the next start; if it is what stopped the server, it must not stop it
 * forever. Each extraction is recorded on the file row before it starts.
 */

const DRIVE = 'Docs';
let dataDir: string;
let server: TestServer | undefined;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-restart-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(timeoutMs = 2000): Promise<Client> {
  server = await startTestServer(
    { EXTRACT_TIMEOUT_MS: timeoutMs, EXTRACT_MEMORY_MB: 128 },
    { dataDir },
  );
  const admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', DRIVE);
  return admin;
}

async function stop(): Promise<void> {
  await server!.close();
  server = undefined;
}

/** The row as the store holds it while no server runs. */
function storedRow(filePath: string) {
  return withStoreDatabase(storeLocation(dataDir), (db) =>
    db.q
      .selectFrom('drive_files')
      .select(['indexed_at', 'index_attempts'])
      .where('path', '=', filePath)
      .executeTakeFirstOrThrow(),
  );
}

async function row(filePath: string) {
  const drive = (await server!.drives.driveByName('innovation-lab', DRIVE))!;
  return (await server!.store.drives.fileByPath(drive.id, filePath))!;
}

/** What a server killed during the file's extraction `times` times leaves in the store. */
function killedDuringExtraction(filePath: string, times: number): Promise<unknown> {
  return withStoreDatabase(storeLocation(dataDir), (db) =>
    db.q
      .updateTable('drive_files')
      .set({ indexed_at: null, index_error: null, index_attempts: times })
      .where('path', '=', filePath)
      .execute(),
  );
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a file in hand when the server stops', () => {
  it('is recorded before extraction; a clean stop takes the attempt back and does not wait', async () => {
    let admin = await start(60_000);
    const pdf = await inflatingPdf(500 * 1024 * 1024);
    await upload(admin, server!.url, DRIVE, [{ name: 'slow.pdf', data: pdf }]);
    await until(async () => (await row('slow.pdf')).index_attempts === 1);
    expect((await row('slow.pdf')).indexed_at).toBeNull();
    const stopping = Date.now();
    await stop();
    // The worker is terminated, not waited for (its limit here is 60 s).
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(await storedRow('slow.pdf')).toMatchObject({ indexed_at: null, index_attempts: 0 });

    admin = await start();
    await server!.drives.whenIndexed();
    // The stop was not the file's doing: it was extracted again, from a clean count.
    expect((await row('slow.pdf')).index_attempts).toBe(1);
    expect(
      (await call(admin, 'GET', `/api/drives/${DRIVE}/files/slow.pdf`)).body.data.IndexError,
    ).toMatch(
      /^Not indexed: text extraction (took longer than 2 s|needed more than 128 MB of memory)$/,
    );
  }, 90_000);

  it('after the server stopped during it twice, is marked and never extracted again', async () => {
    let admin = await start();
    const pdf = await inflatingPdf(500 * 1024 * 1024);
    await upload(admin, server!.url, DRIVE, [
      { name: 'killer.pdf', data: pdf },
      { name: 'once.md', data: 'Stopped once, the walrus note is read again.' },
    ]);
    await server!.drives.whenIndexed();
    await stop();
    await killedDuringExtraction('killer.pdf', 2);
    await killedDuringExtraction('once.md', 1);

    admin = await start();
    await server!.drives.whenIndexed();
    // Marked without being read again.
    expect((await row('killer.pdf')).index_attempts).toBe(2);
    const killer = (await call(admin, 'GET', `/api/drives/${DRIVE}/files/killer.pdf`)).body.data;
    expect(killer.IndexError).toBe(UNFINISHED_ERROR);
    expect(UNFINISHED_ERROR).toBe(
      'Not indexed: extraction did not finish (the server stopped during it twice)',
    );
    const download = await fetch(
      `${server!.url}/api/drives/${DRIVE}/files/killer.pdf?download=true`,
      {
        headers: { cookie: admin.cookieHeader, 'X-World-Id': 'innovation-lab' },
      },
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    // A file stopped only once is tried again, and read.
    expect((await row('once.md')).index_error).toBeNull();
    const found = await call(admin, 'POST', `/api/drives/${DRIVE}/search/text`, {
      query: 'walrus',
    });
    expect(found.body.data.results.map((r: any) => r.File.Path)).toEqual(['once.md']);

    // The next start queues nothing.
    await stop();
    admin = await start();
    expect(await server!.store.drives.pendingIndex()).toEqual([]);

    // A new version starts from a clean count and is read.
    await upload(admin, server!.url, DRIVE, [
      { name: 'killer.pdf', data: 'Now a plain note about narwhals.' },
    ]);
    await server!.drives.whenIndexed();
    expect(await row('killer.pdf')).toMatchObject({
      index_error: null,
      index_attempts: 1,
      version: 2,
    });
    const narwhals = await call(admin, 'POST', `/api/drives/${DRIVE}/search/text`, {
      query: 'narwhals',
    });
    expect(narwhals.body.data.results.map((r: any) => r.File.Path)).toEqual(['killer.pdf']);
  }, 90_000);
});
