import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  BLOB_HASH,
  checkHash,
  parseQuarantined,
  quarantineName,
  type BlobEntry,
  type BlobStore,
  type Quarantined,
} from './types';

/** The settings the S3 store reads (README: Configuration). */
export interface S3Settings {
  /** Unset: AWS S3 in `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither; neither: the AWS SDK's own credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const BLOBS = 'blobs/';
const QUARANTINE = 'quarantine/';
/**
 * Multipart parts: S3's smallest, two in flight. lib-storage buffers at most
 * queueSize × partSize of a stream, so an upload of any size holds ~10 MB here.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The client's S3 error code (NoSuchKey, InvalidRange, ...), or its HTTP status as text. */
export function s3Code(err: unknown): string | undefined {
  if (err instanceof S3ServiceException) return err.name || String(err.$metadata.httpStatusCode);
  return undefined;
}

const isMissing = (err: unknown) => ['NoSuchKey', 'NotFound', '404'].includes(s3Code(err) ?? '');

export function s3Client(settings: S3Settings): S3Client {
  // The SDK warns (nine lines, on every start) that its releases after January
  // 2027 will need Node 22: a note for whoever upgrades it here (package.json
  // engines), which an operator can do nothing about.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible servers reject
    // or mis-store the aws-chunked uploads that the SDK's 2025 default sends,
    // and every blob is named by the sha256 of its bytes anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000 },
    maxAttempts: 3,
  });
}

/**
 * Blobs as objects `blobs/<sha256>` in one bucket of AWS S3 or any
 * S3-compatible server (MinIO, Ceph, ...): BLOB_STORE=s3. Uploads stream
 * from the local temp file in multipart parts; downloads stream the object's
 * body; a head or a local copy for extraction is a ranged GET. Quarantine is
 * a copy to `quarantine/` (S3 has no rename).
 */
export class S3BlobStore implements BlobStore {
  readonly location: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    readonly tmpDir: string,
  ) {
    this.location = `s3://${bucket}`;
    fs.mkdirSync(tmpDir, { recursive: true });
  }

  private keyOf(hash: string): string {
    return BLOBS + checkHash(hash);
  }

  async publish(hash: string, file: string): Promise<string> {
    // Safe to skip: the caller holds a lease, so a sweep that removes the
    // object from now on puts it back (blobs/collect.ts).
    if (await this.exists(this.keyOf(hash))) return file;
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.keyOf(hash),
        Body: fs.createReadStream(file),
        ContentType: 'application/octet-stream',
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    }).done();
    return file;
  }

  async open(hash: string): Promise<Readable> {
    return this.get(hash);
  }

  async read(hash: string, maxBytes: number): Promise<Buffer> {
    if (maxBytes <= 0) return Buffer.alloc(0);
    const body = await this.get(hash, maxBytes);
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
    }
    return Buffer.concat(chunks, length).subarray(0, maxBytes);
  }

  async localCopy(hash: string, maxBytes: number, into: string): Promise<string> {
    const body = maxBytes > 0 ? await this.get(hash, maxBytes) : Readable.from([]);
    await pipeline(body, fs.createWriteStream(into, { flags: 'wx' }));
    return into;
  }

  async *list(): AsyncIterable<BlobEntry> {
    for await (const object of this.objects(BLOBS)) {
      const hash = object.key.slice(BLOBS.length);
      if (BLOB_HASH.test(hash)) yield { hash, modifiedMs: object.modifiedMs };
    }
  }

  async quarantine(hash: string): Promise<Quarantined | undefined> {
    const name = quarantineName(hash, randomBytes(6).toString('hex'));
    try {
      await this.copy(this.keyOf(hash), QUARANTINE + name);
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(hash) }));
    return name;
  }

  async restore(quarantined: Quarantined): Promise<void> {
    const { hash } = parseQuarantined(quarantined)!;
    await this.copy(QUARANTINE + quarantined, this.keyOf(hash));
    await this.discard(quarantined);
  }

  async discard(quarantined: Quarantined): Promise<void> {
    if (!parseQuarantined(quarantined)) throw new Error('Not a quarantined blob');
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: QUARANTINE + quarantined }),
    );
  }

  async *quarantined(): AsyncIterable<Quarantined> {
    for await (const object of this.objects(QUARANTINE)) {
      const name = object.key.slice(QUARANTINE.length);
      if (parseQuarantined(name)) yield name;
    }
  }

  /**
   * Multipart uploads a dead process started and never finished: their parts
   * cost storage. A server that cannot list them (NotImplemented) has none to remove.
   */
  async removeAbandonedUploads(olderThan: number): Promise<number> {
    try {
      return await this.abortUploadsBefore(olderThan);
    } catch (err) {
      if (s3Code(err) === 'NotImplemented') return 0;
      throw err;
    }
  }

  private async abortUploadsBefore(olderThan: number): Promise<number> {
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: BLOBS,
          KeyMarker,
          UploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        if ((upload.Initiated?.getTime() ?? Infinity) >= olderThan) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
        removed++;
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
    return removed;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /**
   * Proves the bucket is there and this process may list, write and delete
   * in it; throws the client's error otherwise (s3Problems.ts says it in one line).
   */
  async verify(signal: AbortSignal): Promise<void> {
    await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: BLOBS, MaxKeys: 1 }),
      { abortSignal: signal },
    );
    const probe = `probe/${randomBytes(8).toString('hex')}`;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: 'emgen' }),
      { abortSignal: signal },
    );
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: probe }), {
      abortSignal: signal,
    });
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** The object's body from its first byte, up to `maxBytes` of it when given. */
  private async get(hash: string, maxBytes?: number): Promise<Readable> {
    const ranged = maxBytes !== undefined && maxBytes < Number.MAX_SAFE_INTEGER;
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(hash),
          Range: ranged ? `bytes=0-${maxBytes - 1}` : undefined,
        }),
      );
      return out.Body as Readable;
    } catch (err) {
      // An empty object has no byte 0 to start a range at.
      if (ranged && s3Code(err) === 'InvalidRange') return Readable.from([]);
      if (isMissing(err))
        throw new Error(`Blob ${hash} is missing from ${this.location}`, { cause: err });
      throw err;
    }
  }

  private copy(from: string, to: string): Promise<unknown> {
    return this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: `${this.bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}`,
      }),
    );
  }

  private async *objects(prefix: string): AsyncIterable<{ key: string; modifiedMs: number }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedMs: object.LastModified?.getTime() ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}
