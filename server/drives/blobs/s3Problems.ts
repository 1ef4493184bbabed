import { ConfigError } from '../../config';
import { s3Client, s3Code, S3BlobStore, type S3Settings } from './s3Store';

/** How long the start-up check may take before the server counts as unreachable. */
const VERIFY_TIMEOUT_MS = 10_000;

/** Where the bucket is, for messages: never a key. */
function where(settings: S3Settings): string {
  return settings.endpoint ?? `AWS S3 (${settings.region})`;
}

/** The variable to blame for a failed start-up check, and why, in words an operator can act on. */
export function s3Failure(settings: S3Settings, err: unknown): { variable: string; why: string } {
  const at = where(settings);
  const bucket = `"${settings.bucket}"`;
  const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  const network = (err as { code?: string } | undefined)?.code;
  switch (network) {
    case 'ECONNREFUSED':
      return { variable: 'S3_ENDPOINT', why: `no S3 server answers at ${at} (connection refused)` };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { variable: 'S3_ENDPOINT', why: `the host of ${at} cannot be found` };
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return { variable: 'S3_ENDPOINT', why: `${at} cannot be reached (${network})` };
  }
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return {
      variable: 'S3_ENDPOINT',
      why: `no answer from ${at} within ${VERIFY_TIMEOUT_MS / 1000} s`,
    };
  if (name === 'CredentialsProviderError')
    return {
      variable: 'S3_ACCESS_KEY_ID',
      why: `no credentials for ${at}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
    };
  switch (s3Code(err)) {
    case 'NoSuchBucket':
    case 'NotFound':
    case '404':
      return { variable: 'S3_BUCKET', why: `there is no bucket ${bucket} at ${at}` };
    case 'InvalidAccessKeyId':
      return { variable: 'S3_ACCESS_KEY_ID', why: `${at} does not know this access key` };
    case 'SignatureDoesNotMatch':
      return {
        variable: 'S3_SECRET_ACCESS_KEY',
        why: `${at} rejected the request signature (wrong secret key?)`,
      };
    case 'AccessDenied':
    case 'Forbidden':
    case '403':
      return {
        variable: 'S3_ACCESS_KEY_ID',
        why: `these credentials may not list, write and delete in bucket ${bucket} at ${at} (${message})`,
      };
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
    case 'IllegalLocationConstraintException':
      return {
        variable: 'S3_REGION',
        why: `bucket ${bucket} is not in region ${settings.region} (${message})`,
      };
    case 'InvalidBucketName':
      return { variable: 'S3_BUCKET', why: `${at} does not accept the bucket name ${bucket}` };
  }
  return { variable: 'S3_ENDPOINT', why: `cannot use bucket ${bucket} at ${at}: ${message}` };
}

/**
 * The S3 blob store, once it has proved that the bucket answers and may be
 * written: a wrong endpoint, bucket, region or key stops start-up with one
 * line naming the variable, as DATABASE_URL does.
 */
export async function openS3BlobStore(settings: S3Settings, tmpDir: string): Promise<S3BlobStore> {
  const store = new S3BlobStore(s3Client(settings), settings.bucket, tmpDir);
  try {
    await store.verify(AbortSignal.timeout(VERIFY_TIMEOUT_MS));
    return store;
  } catch (err) {
    await store.close();
    const { variable, why } = s3Failure(settings, err);
    throw new ConfigError(`Invalid configuration: ${variable}: ${why}`);
  }
}
