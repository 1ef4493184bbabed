import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, HEADER_CSRF, HEADER_WORLD_ID } from '../../../protocol';
import type { Config } from '../../../server/config';
import { startTestS3, type TestS3 } from '../../support/s3';
import { Client, startTestServer, type TestServer } from '../harness';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const DRIVE = 'Shared';

/**
 * An upload the test holds open half way: its first file has been received
 * whole (and published, leased, not yet committed), its second is still
 * arriving, and the request ends only on `finish`.
 */
async function startHeldUpload(
  client: Client,
  base: string,
  files: { name: string; data: Buffer }[],
): Promise<{ finish(): Promise<{ status: number; body: string }>; abort(): void }> {
  const boundary = `----emgen${randomBytes(8).toString('hex')}`;
  const head = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const [first, second] = files as [{ name: string; data: Buffer }, { name: string; data: Buffer }];
  const half = second.data.length >> 1;
  const req = http.request(`${base}/api/drives/${DRIVE}/files`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: client.cookieHeader,
      [HEADER_CSRF]: client.cookies.get(CSRF_COOKIE) ?? '',
      [HEADER_WORLD_ID]: 'innovation-lab',
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(head(first.name));
  req.write(first.data);
  req.write(`\r\n${head(second.name)}`);
  req.write(second.data.subarray(0, half));
  return {
    async finish() {
      req.write(second.data.subarray(half));
      req.end(`\r\n--${boundary}--\r\n`);
      return response;
    },
    /** Cuts the request off (a failed test must not leave the server waiting for it). */
    abort() {
      if (!req.writableEnded) req.destroy();
    },
  };
}

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

async function download(server: TestServer, client: Client, name: string): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/drives/${DRIVE}/files/${name}?download=true`, {
    headers: { cookie: client.cookieHeader, [HEADER_WORLD_ID]: 'innovation-lab' },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

interface Shared {
  /** Config both servers share for their blobs. */
  overrides: Partial<Config>;
  /** Whether the blob store holds these bytes. */
  holds(hash: string, server: TestServer): Promise<boolean>;
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
}, 60_000);
afterAll(async () => {
  await s3?.stop();
});

const stores: [string, () => Promise<Shared>][] = [
  [
    'one directory (BLOB_STORE=fs)',
    async () => ({
      overrides: {},
      holds: async (hash, server) =>
        fs.existsSync(path.join(server.dataDir, 'blobs', hash.slice(0, 2), hash)),
    }),
  ],
  [
    'one bucket (BLOB_STORE=s3)',
    async () => {
      const bucket = await s3.createBucket();
      return {
        overrides: {
          BLOB_STORE: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: bucket,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: true,
        },
        holds: async (hash) => (await s3.keys(bucket, 'blobs/')).includes(`blobs/${hash}`),
      };
    },
  ],
];

describe.each(stores)('two servers sharing a store and %s', (_name, share) => {
  it('a server starting (and sweeping) removes nothing the other is still receiving', async () => {
    const shared = await share();
    const a = await startTestServer(shared.overrides);
    let b: TestServer | undefined;
    let upload: Awaited<ReturnType<typeof startHeldUpload>> | undefined;
    try {
      const client = new Client(a.url);
      await client.signIn();
      await a.drives.ensureDrive('innovation-lab', DRIVE);
      const first = randomBytes(300 * 1024);
      const second = randomBytes(300 * 1024);
      upload = await startHeldUpload(client, a.url, [
        { name: 'first.bin', data: first },
        { name: 'second.bin', data: second },
      ]);
      // The first file is in the blob store and leased; the second is a temp file on A.
      await until('the first file is published', () => shared.holds(sha(first), a));
      await until('the second file is arriving', () =>
        fs.readdirSync(path.join(a.dataDir, 'tmp')).some((n) => n.endsWith('.part')),
      );

      // B starts on the same store and blobs; its sweep at start counts every
      // blob older than itself as a leftover unless a live writer leases it.
      b = await startTestServer(shared.overrides, { dataDir: a.dataDir });
      await b.drives.orphans.firstSweep;
      // And a sweep to which every blob is old: leases alone keep them.
      await b.drives.orphans.run(Date.now() + 60_000);
      expect(await shared.holds(sha(first), a)).toBe(true);

      const done = await upload.finish();
      expect(done.status).toBe(200);
      const reader = new Client(b.url);
      await reader.signIn();
      expect((await download(b, reader, 'first.bin')).equals(first)).toBe(true);
      expect((await download(b, reader, 'second.bin')).equals(second)).toBe(true);

      // Once committed, A's leases are gone and the files keep their blobs.
      await b.drives.orphans.run(Date.now() + 60_000);
      expect((await download(a, client, 'first.bin')).equals(first)).toBe(true);
      expect(await b.store.blobLeases.writers()).toHaveLength(2);
    } finally {
      upload?.abort();
      await b?.close();
      await a.close();
    }
  }, 60_000);
});
