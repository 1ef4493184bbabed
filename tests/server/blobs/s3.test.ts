import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_WORLD_ID } from '../../../protocol';
import type { Config } from '../../../server/config';
import { BlobLeases } from '../../../server/drives/blobs/leases';
import { startTestS3, type TestS3 } from '../../support/s3';
import { call, makePdf, upload } from '../driveHelpers';
import { Client, startTestServer, type TestServer } from '../harness';

const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const DRIVE = 'Bucketed';

/** What startTestServer takes to keep the blobs in `bucket` (parsed, as loadConfig gives them). */
function s3Overrides(s3: TestS3, bucket: string): Partial<Config> {
  return {
    BLOB_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  };
}

let s3: TestS3;
let bucket: string;
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  s3 = await startTestS3();
  bucket = await s3.createBucket();
  server = await startTestServer(s3Overrides(s3, bucket));
  admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', DRIVE);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await s3?.stop();
});

async function download(filePath: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(`${server.url}/api/drives/${DRIVE}/files/${filePath}?download=true`, {
    headers: { cookie: admin.cookieHeader, [HEADER_WORLD_ID]: 'innovation-lab' },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const objects = () => s3.keys(bucket, 'blobs/');

describe('BLOB_STORE=s3', () => {
  it('keeps uploads in the bucket: listed, downloaded byte for byte, found by search', async () => {
    const note = '# Field notes\n\nThe quokkaflux valve opens at dawn.\n';
    const pdf = makePdf('Photosynthesis in the zanthorrhoea grove');
    // Over one multipart part (5 MB), so the upload really is multipart.
    const big = randomBytes(7 * 1024 * 1024 + 13);
    const res = await upload(admin, server.url, DRIVE, [
      { name: 'notes.md', data: note },
      { name: 'grove.pdf', data: pdf },
      { name: 'big.bin', data: big },
    ]);
    expect(res.status).toBe(200);

    expect(await objects()).toEqual(
      [sha(note), sha(pdf), sha(big)].map((h) => `blobs/${h}`).sort(),
    );

    const list = await call(admin, 'GET', `/api/drives/${DRIVE}/files`);
    expect(list.body.data.data.Files.map((f: { Path: string }) => f.Path).sort()).toEqual([
      'big.bin',
      'grove.pdf',
      'notes.md',
    ]);
    expect((await download('big.bin')).bytes.equals(big)).toBe(true);
    expect((await download('grove.pdf')).bytes.equals(pdf)).toBe(true);
    const inline = await call(admin, 'GET', `/api/drives/${DRIVE}/files/notes.md`);
    expect(Buffer.from(inline.body.data.Content, 'base64').toString()).toBe(note);

    // Extraction reads the bytes from the bucket.
    await server.drives.whenIndexed();
    for (const [query, found] of [
      ['quokkaflux', 'notes.md'],
      ['zanthorrhoea', 'grove.pdf'],
    ]) {
      const hits = await call(admin, 'POST', `/api/drives/${DRIVE}/search/text`, { query });
      expect(hits.body.data.results.map((r: { File: { Path: string } }) => r.File.Path)).toEqual([
        found,
      ]);
    }
    // Nothing of the bytes stays on the server's disk (the temp copies extraction read are gone).
    expect(fs.existsSync(path.join(server.dataDir, 'blobs'))).toBe(false);
    expect(fs.readdirSync(path.join(server.dataDir, 'tmp'))).toEqual([]);
  });

  it('a replaced version keeps its object until the retention, then it goes unless another file has the same bytes', async () => {
    const first = `first version ${randomBytes(8).toString('hex')}`;
    const shared = `shared bytes ${randomBytes(8).toString('hex')}`;
    await upload(admin, server.url, DRIVE, [
      { name: 'v.txt', data: first },
      { name: 'w.txt', data: shared },
      { name: 'twin.txt', data: shared },
    ]);
    expect(await objects()).toEqual(expect.arrayContaining([`blobs/${sha(first)}`]));

    await upload(admin, server.url, DRIVE, [
      { name: 'v.txt', data: 'second version' },
      { name: 'w.txt', data: 'w replaced' },
    ]);
    // The replaced bytes are an earlier version now, kept for DRIVE_TRASH_RETENTION_DAYS.
    expect(await objects()).toContain(`blobs/${sha(first)}`);
    await server.driveAdmin.purgeExpired(new Date(Date.now() + 31 * 24 * 60 * 60_000));
    const now = await objects();
    expect(now).not.toContain(`blobs/${sha(first)}`);
    expect(now).toContain(`blobs/${sha(shared)}`); // twin.txt still has these bytes
    expect(now).toContain(`blobs/${sha('second version')}`);
    expect((await download('twin.txt')).bytes.toString()).toBe(shared);
  });

  it('the orphan sweep removes an unreferenced object, not a leased or referenced one', async () => {
    const orphan = randomBytes(1000);
    await s3.put(bucket, `blobs/${sha(orphan)}`, orphan);
    const leased = randomBytes(1000);
    await s3.put(bucket, `blobs/${sha(leased)}`, leased);
    const otherInstance = new BlobLeases(server.store.blobLeases, { log: () => {} });
    const lease = await otherInstance.take(sha(leased));
    try {
      // Everything counts as old, so only references and leases keep a blob.
      const outcome = await server.drives.orphans.run(Date.now() + 60_000);
      expect(outcome.removed).toBe(1);
      const left = await objects();
      expect(left).not.toContain(`blobs/${sha(orphan)}`);
      expect(left).toContain(`blobs/${sha(leased)}`);
      expect(left).toContain(`blobs/${sha('second version')}`);
      expect(await s3.keys(bucket, 'quarantine/')).toEqual([]);
      expect((await download('big.bin')).status).toBe(200);
    } finally {
      await lease.release();
      await otherInstance.close();
    }
  });
});
