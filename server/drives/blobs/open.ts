import path from 'node:path';
import type { Config } from '../../config';
import { FsBlobStore } from './fsStore';
import type { BlobStore } from './types';

/** The settings that choose and reach the blob store (README: Configuration). */
export type BlobConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'BLOB_STORE'
  | 'BLOB_DIR'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The embedded default: DATA_DIR/blobs, its uploads in DATA_DIR/tmp. */
export function dataDirBlobStore(dataDir: string): FsBlobStore {
  return new FsBlobStore(path.join(dataDir, 'blobs'), path.join(dataDir, 'tmp'));
}

/**
 * The blob store the configuration names. S3 is checked before it is used
 * (a ConfigError with one line otherwise), and its client is loaded only then,
 * so a server on files never loads the AWS SDK.
 */
export async function openBlobStore(config: BlobConfig): Promise<BlobStore> {
  if (config.BLOB_STORE === 'fs') {
    if (!config.BLOB_DIR) return dataDirBlobStore(config.DATA_DIR);
    const root = path.resolve(config.BLOB_DIR);
    return new FsBlobStore(root, path.join(root, 'tmp'));
  }
  const { openS3BlobStore } = await import('./s3Problems');
  return openS3BlobStore(
    {
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    },
    path.join(config.DATA_DIR, 'tmp'),
  );
}
