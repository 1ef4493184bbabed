import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** The keys s3rver knows (its one account). */
export const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** A client of the server, for a test to look at the bucket itself. */
  client: S3Client;
  /** Creates an empty bucket (a fresh name) and returns its name. */
  createBucket(): Promise<string>;
  /** The keys of the objects under `prefix` in `bucket`. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** Writes an object directly, as another program (or a crash) would have left it. */
  put(bucket: string, key: string, body: Buffer): Promise<void>;
  /** The environment a server needs to keep its blobs in `bucket`. */
  env(bucket: string): Record<string, string>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/**
 * A throwaway S3-compatible server for tests: @20minutes/s3rver (the
 * maintained fork of s3rver) in a child process on a free port of
 * 127.0.0.1, its objects in a temp dir. It implements what EMgen uses:
 * multipart upload, ranged and whole GETs, copy, ListObjectsV2 and
 * ListMultipartUploads.
 */
export async function startTestS3(): Promise<TestS3> {
  // As the server does (server/drives/blobs/s3Store.ts): nothing an operator can act on.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-s3-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('tests', 'support', 's3rverMain.ts'), dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}:\n${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_KEYS,
  });
  return {
    endpoint,
    client,
    async createBucket() {
      const bucket = `emgen-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    async keys(bucket, prefix = '') {
      const out: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
        );
        out.push(...(page.Contents ?? []).map((o) => o.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out.sort();
    },
    async put(bucket, key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    env: (bucket) => ({
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    }),
    async stop() {
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
