import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store';
import { onPostgres, startTestServer, storeEnv, type TestServer } from './harness';

const run = promisify(execFile);
let server: TestServer;
let out: string;
beforeAll(async () => {
  server = await startTestServer();
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-backup-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(out, { recursive: true, force: true });
});

/** `npm run db -- …` as a separate process on the running server's DATA_DIR. */
function db(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/db.ts', ...args], {
    env: storeEnv(server),
  });
}

describe.skipIf(onPostgres)('npm run db -- backup', () => {
  it('copies the running store consistently while the server keeps writing', async () => {
    await server.store.users.create({
      email: 'before@test.local',
      name: 'Before',
      passwordHash: null,
    });
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing; i++) {
        await server.store.console.append('innovation-lab', {
          app_name: 'test',
          from: 'system',
          message: `during backup ${i}`,
        });
        await new Promise((r) => setImmediate(r));
      }
    })();
    const file = path.join(out, 'emgen-backup.sqlite');
    const { stdout } = await db('backup', file);
    writing = false;
    await writes;
    expect(stdout).toMatch(/^Backed up to .*emgen-backup\.sqlite \(\d+ bytes\)\./);

    const check = new Database(file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    // The copy is a store of its own: opened as a data directory, it has what was there.
    const restored = path.join(out, 'restored');
    fs.mkdirSync(restored);
    fs.copyFileSync(file, path.join(restored, 'emgen.sqlite'));
    const store = openStore(restored, { sessionTtlMs: 3600_000 });
    try {
      expect((await store.users.byEmail('before@test.local'))?.name).toBe('Before');
      expect((await store.worlds.list()).map((w) => w.id).sort()).toEqual([
        'acme_research',
        'innovation-lab',
      ]);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('refuses to overwrite a file, and says what it needs', async () => {
    const taken = path.join(out, 'taken.sqlite');
    fs.writeFileSync(taken, 'keep me');
    await expect(db('backup', taken)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`${taken} exists; choose a new file.`),
    });
    expect(fs.readFileSync(taken, 'utf8')).toBe('keep me');
    await expect(db('backup')).rejects.toMatchObject({
      stderr: expect.stringContaining('A file to write the backup to is required.'),
    });
  }, 60_000);
});

describe.runIf(onPostgres)('npm run db -- backup on PostgreSQL', () => {
  it('says to use pg_dump instead, and writes nothing', async () => {
    const file = path.join(out, 'pg-backup.sqlite');
    await expect(db('backup', file)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('back it up with pg_dump -Fc -f emgen.dump "$DATABASE_URL"'),
    });
    expect(fs.existsSync(file)).toBe(false);
  });
});
