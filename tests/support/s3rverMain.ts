/**
 * Runs an S3-compatible server (@20minutes/s3rver, see tests/support/s3.ts)
 * on 127.0.0.1 with its objects in the directory given as the first
 * argument, and prints `listening <port>` once it answers.
 */
import { createRequire } from 'node:module';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rverMain.ts <directory>');

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  // Current SDKs sign bucket-level requests over the path "/bucket/" where
  // s3rver signs "/bucket", so their signatures never match; an unknown
  // access key id is still refused.
  allowMismatchedSignatures: true,
  vhostBuckets: false,
});
const { port } = await server.run();
console.log(`listening ${port}`);
process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
