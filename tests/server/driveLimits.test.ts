import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, HEADER_CSRF, HEADER_WORLD_ID } from '../../protocol';
import { call, upload } from './driveHelpers';
import { Client, startTestServer, type TestServer } from './harness';

const LIMIT = 1024 * 1024;
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_BYTES: LIMIT });
  admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', 'Docs');
});
afterAll(async () => {
  await server.close();
});

/** Every file under a folder of DATA_DIR (blobs are two levels down). */
function filesUnder(dir: string): string[] {
  const root = path.join(server.dataDir, dir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const listed = async () =>
  (await call(admin, 'GET', '/api/drives/Docs/files')).body.data.data.TotalCount as number;

describe('the upload size cap', () => {
  it('refuses a file over MAX_UPLOAD_BYTES with 413 and leaves nothing behind', async () => {
    const res = await upload(admin, server.url, 'Docs', [
      { name: 'huge.bin', data: Buffer.alloc(LIMIT + 500_000, 7) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: 'error', error: 'File too large: the limit is 1 MB' });
    expect(filesUnder('tmp')).toEqual([]);
    expect(filesUnder('blobs')).toEqual([]);
    expect(await listed()).toBe(0);
  });

  it('an oversized file fails the whole request: the files before it are not kept', async () => {
    const res = await upload(admin, server.url, 'Docs', [
      { name: 'fine.txt', data: 'a small file' },
      { name: 'huge.bin', data: Buffer.alloc(LIMIT + 1, 1) },
      { name: 'after.txt', data: 'after the big one' },
    ]);
    expect(res.status).toBe(413);
    expect(filesUnder('tmp')).toEqual([]);
    expect(filesUnder('blobs')).toEqual([]);
    expect(await listed()).toBe(0);
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await upload(admin, server.url, 'Docs', [
      { name: 'exact.bin', data: Buffer.alloc(LIMIT, 2) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.files[0]).toMatchObject({
      Size: LIMIT,
      MimeType: 'application/octet-stream',
      HasContent: true,
    });
    expect(filesUnder('blobs')).toHaveLength(1);
  });
});

describe('an upload cut off midway', () => {
  it('removes the temp file and makes nothing visible', async () => {
    const before = await listed();
    const blobsBefore = filesUnder('blobs');
    const boundary = '----emgen-test-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="partial.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n';
    const req = http.request(`${server.url}/api/drives/Docs/files`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 600_000 + 100),
        cookie: admin.cookieHeader,
        [HEADER_CSRF]: admin.cookies.get(CSRF_COOKIE)!,
        [HEADER_WORLD_ID]: 'innovation-lab',
      },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(Buffer.alloc(300_000, 'a'.charCodeAt(0)));
    // The server is streaming into a temp file …
    await until(() => filesUnder('tmp').length === 1);
    // … when the client goes away.
    req.destroy();
    await until(() => filesUnder('tmp').length === 0);
    expect(await listed()).toBe(before);
    expect(filesUnder('blobs')).toEqual(blobsBefore);
    // The server is fine afterwards.
    const ok = await upload(admin, server.url, 'Docs', [
      { name: 'next.txt', data: 'still working' },
    ]);
    expect(ok.status).toBe(200);
  });
});
