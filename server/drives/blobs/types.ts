import type { Readable } from 'node:stream';

/** A blob's name: the sha256 of its bytes, in lower-case hex. */
export const BLOB_HASH = /^[0-9a-f]{64}$/;

export function checkHash(hash: string): string {
  if (!BLOB_HASH.test(hash)) throw new Error(`Not a blob hash: ${hash.slice(0, 80)}`);
  return hash;
}

/** Bytes received and held until a drive file refers to them or the upload gives up. */
export interface StoredBlob {
  hash: string;
  size: number;
}

/** One blob as a listing shows it. */
export interface BlobEntry {
  hash: string;
  /** When its bytes were last written (epoch ms). */
  modifiedMs: number;
}

/** Where a sweep put a blob while it asked the store once more: `<hash>.<epoch ms>.<random>`. */
export type Quarantined = string;

const QUARANTINED = /^([0-9a-f]{64})\.(\d+)\.[0-9a-f]+$/;

export function quarantineName(hash: string, random: string): Quarantined {
  return `${checkHash(hash)}.${Date.now()}.${random}`;
}

/** The blob and the time of a quarantined name, or undefined when it is not one. */
export function parseQuarantined(name: string): { hash: string; since: number } | undefined {
  const m = QUARANTINED.exec(name);
  return m ? { hash: m[1]!, since: Number(m[2]) } : undefined;
}

/**
 * Content-addressed file bytes: a directory (BLOB_STORE=fs) or an
 * S3-compatible bucket (BLOB_STORE=s3). Bytes arrive as a finished local temp
 * file whose hash is known and leave as streams; nothing holds a whole file in
 * memory. Removal goes through quarantine so that a sweep can change its mind
 * (blobs/collect.ts).
 */
export interface BlobStore {
  /** Where the bytes are, for logs: a directory or s3://bucket. */
  readonly location: string;
  /**
   * Local directory for uploads being received and temp copies; for fs on the
   * blobs' own file system, so that publishing is a rename.
   */
  readonly tmpDir: string;
  /**
   * Makes the finished temp file `file` (whose sha256 is `hash`) the blob
   * `hash`. Returns a local file holding its bytes, readable until `file` is
   * removed: the blob itself (fs) or `file` (s3).
   */
  publish(hash: string, file: string): Promise<string>;
  /** The whole blob as a stream. */
  open(hash: string): Promise<Readable>;
  /** The first `maxBytes` bytes (all of a smaller blob). */
  read(hash: string, maxBytes: number): Promise<Buffer>;
  /**
   * A local file holding at least the first `maxBytes` bytes: the blob itself
   * (fs), or `into` filled from the store (s3), which the caller removes.
   */
  localCopy(hash: string, maxBytes: number, into: string): Promise<string>;
  /** Every blob, in pages; a blob added or removed meanwhile may or may not be listed. */
  list(): AsyncIterable<BlobEntry>;
  /** Moves the blob out of sight; undefined when it is not there. */
  quarantine(hash: string): Promise<Quarantined | undefined>;
  /** Puts a quarantined blob back (identical bytes may be there again already: they stay). */
  restore(quarantined: Quarantined): Promise<void>;
  discard(quarantined: Quarantined): Promise<void>;
  /** Blobs left in quarantine (a sweep that stopped halfway). */
  quarantined(): AsyncIterable<Quarantined>;
  /** Removes what uploads that died left in the store itself, older than `olderThan`; how many. */
  removeAbandonedUploads(olderThan: number): Promise<number>;
  close(): Promise<void>;
}
