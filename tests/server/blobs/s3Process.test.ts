import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, HEADER_CSRF, HEADER_WORLD_ID } from '../../../protocol';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { startTestS3, type TestS3 } from '../../support/s3';
import { Client } from '../harness';

const MB = 1024 * 1024;
/**
 * Large enough that holding it would show well above the collector's own
 * slack (some 20 MB of garbage buffers before a collection, whatever the
 * size of the file; BLOB_STORE=fs shows the same).
 */
const BIG = 100 * MB;
const DRIVE = 'Library';

/** A field of /proc/<pid>/status in bytes (VmRSS: resident now; VmHWM: its peak). */
function procMemory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb[1]) * 1024;
}

/** Writes `bytes` random bytes to `file` a megabyte at a time; returns their sha256. */
function writeRandomFile(file: string, bytes: number): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'w');
  try {
    for (let left = bytes; left > 0; left -= MB) {
      const chunk = randomBytes(Math.min(MB, left));
      hash.update(chunk);
      fs.writeSync(fd, chunk);
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

let s3: TestS3;
let bucket: string;
let server: ServerProcess | undefined;
let client: Client;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-s3-big-'));

beforeAll(async () => {
  s3 = await startTestS3();
  bucket = await s3.createBucket();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Uploads the file at `file` as `name`, streamed from disk (the client holds none of it). */
async function uploadFile(file: string, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), name);
  const res = await fetch(`${server!.url}/api/drives/${DRIVE}/files`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: client.cookieHeader,
      [HEADER_CSRF]: client.cookies.get(CSRF_COOKIE) ?? '',
      [HEADER_WORLD_ID]: 'innovation-lab',
    },
  });
  await res.arrayBuffer();
  return res.status;
}

/** Downloads `name` and hashes it as it arrives; returns its sha256 and size. */
async function downloadHash(name: string): Promise<{ hash: string; size: number }> {
  const res = await fetch(`${server!.url}/api/drives/${DRIVE}/files/${name}?download=true`, {
    headers: { cookie: client.cookieHeader, [HEADER_WORLD_ID]: 'innovation-lab' },
  });
  expect(res.status).toBe(200);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { hash: hash.digest('hex'), size };
}

describe('a server process with BLOB_STORE=s3', () => {
  it('streams a 100 MB upload and download without holding the file in memory', async () => {
    server = await startServerProcess({
      ...s3.env(bucket),
      DEMO_SEED: '1',
      MAX_UPLOAD_BYTES: String(2 * BIG),
    });
    const pid = server.child.pid!;
    client = new Client(server.url);
    expect((await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);

    // Warm up every code path first (the S3 client, multipart, the download route).
    const warm = path.join(work, 'warm.bin');
    const warmHash = writeRandomFile(warm, 6 * MB);
    expect(await uploadFile(warm, 'warm.bin')).toBe(200);
    expect((await downloadHash('warm.bin')).hash).toBe(warmHash);

    const big = path.join(work, 'big.bin');
    const bigHash = writeRandomFile(big, BIG);
    const before = procMemory(pid, 'VmRSS');
    // Resets the peak (VmHWM) to what is resident now, so the peak below is this transfer's.
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

    expect(await uploadFile(big, 'big.bin')).toBe(200);
    expect(await downloadHash('big.bin')).toEqual({ hash: bigHash, size: BIG });
    const peak = procMemory(pid, 'VmHWM');

    expect(await s3.keys(bucket, 'blobs/')).toContain(`blobs/${bigHash}`);
    const growth = peak - before;
    console.log(
      `100 MB through S3: server RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peak / MB)} MB (+${Math.round(growth / MB)} MB)`,
    );
    // Buffers in flight (two 5 MB parts, socket and stream buffers) and the
    // garbage they leave before a collection: far from the 100 MB of the file.
    expect(growth).toBeLessThan(BIG / 2);
  }, 120_000);
});

/** Starts the server with `env` and waits for it to end: its exit code and every line it printed. */
async function startUntilExit(
  env: Record<string, string>,
): Promise<{ code: number | null; lines: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_SEED: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, lines: output.split('\n').filter((l) => l.trim()) };
}

/** A port on 127.0.0.1 nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a wrong S3 configuration', () => {
  it('stops start-up with one line naming the variable and the reason', async () => {
    const port = await closedPort();
    const cases: [Record<string, string>, string][] = [
      [
        { ...s3.env(bucket), S3_ENDPOINT: `http://127.0.0.1:${port}` },
        `Invalid configuration: S3_ENDPOINT: no S3 server answers at http://127.0.0.1:${port} (connection refused)`,
      ],
      [
        { ...s3.env(bucket), S3_BUCKET: 'no-such-bucket' },
        `Invalid configuration: S3_BUCKET: there is no bucket "no-such-bucket" at ${s3.endpoint}`,
      ],
      [
        { ...s3.env(bucket), S3_ACCESS_KEY_ID: 'NOT-A-KEY' },
        `Invalid configuration: S3_ACCESS_KEY_ID: ${s3.endpoint} does not know this access key`,
      ],
      [
        { ...s3.env(bucket), S3_BUCKET: '' },
        'Invalid configuration: S3_BUCKET is required when BLOB_STORE is s3',
      ],
      [
        { ...s3.env(bucket), S3_SECRET_ACCESS_KEY: '' },
        'Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set',
      ],
    ];
    for (const [env, line] of cases) {
      expect(await startUntilExit(env)).toEqual({ code: 1, lines: [line] });
    }
  }, 120_000);
});
