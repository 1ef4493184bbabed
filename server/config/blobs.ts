import { z } from 'zod';
import { bool, url } from './values';

/** Where uploaded files' bytes live (README: Configuration; server/drives/blobs/open.ts). */
export const blobVariables = {
  BLOB_STORE: {
    expect: 'fs or s3',
    schema: z.enum(['fs', 's3']),
    default: 'fs',
    doc: "Where uploaded files' bytes live: `fs`, files in BLOB_DIR; `s3`, objects in an S3-compatible bucket (S3_*). Several instances need a BLOB_DIR they all mount, or `s3`",
  },
  BLOB_DIR: {
    expect: 'a directory path',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: 'The blob directory with BLOB_STORE=fs (unset: DATA_DIR/blobs); uploads are written to its tmp/ first, so it is one file system',
  },
  S3_ENDPOINT: {
    expect: 'an http(s) URL',
    schema: url.optional(),
    default: undefined,
    doc: 'S3-compatible server with BLOB_STORE=s3, e.g. `http://minio.internal:9000` (unset: AWS S3 in S3_REGION)',
  },
  S3_BUCKET: {
    expect: 'a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
    schema: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
      .optional(),
    default: undefined,
    doc: 'The bucket, which must exist (required with BLOB_STORE=s3); blobs are the objects under `blobs/`',
  },
  S3_REGION: {
    expect: 'a region name such as us-east-1',
    schema: z.string().regex(/^[a-z0-9-]+$/),
    default: 'us-east-1',
    doc: "The bucket's region (any value for most S3-compatible servers)",
  },
  S3_ACCESS_KEY_ID: {
    expect: 'non-empty',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: "Access key for the bucket, with S3_SECRET_ACCESS_KEY (both unset: the AWS SDK's own credentials, e.g. AWS_* variables or an instance role)",
  },
  S3_SECRET_ACCESS_KEY: {
    expect: 'non-empty',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: 'Secret key of S3_ACCESS_KEY_ID',
  },
  S3_FORCE_PATH_STYLE: {
    expect: '0 or 1',
    schema: bool,
    default: '0',
    doc: '1 addresses the bucket as S3_ENDPOINT/bucket rather than bucket.host (MinIO and most self-hosted servers need 1)',
  },
} as const;

/**
 * What no single variable can say: S3 needs its bucket, and keys come in
 * pairs. Returns the message of the first problem (config.ts throws it).
 */
export function blobConfigProblem(values: {
  BLOB_STORE: 'fs' | 's3';
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}): string | undefined {
  if (values.BLOB_STORE === 's3' && !values.S3_BUCKET)
    return 'S3_BUCKET is required when BLOB_STORE is s3';
  if (values.S3_ACCESS_KEY_ID && !values.S3_SECRET_ACCESS_KEY)
    return 'S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set';
  if (values.S3_SECRET_ACCESS_KEY && !values.S3_ACCESS_KEY_ID)
    return 'S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set';
  return undefined;
}
