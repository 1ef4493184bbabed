import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UserError } from '../cog/userError';

/** An upload over the size cap: the route answers 413 with this message. */
export const tooLarge = (limitBytes: number): UserError =>
  new UserError(`File too large: the limit is ${formatLimit(limitBytes)}`, 413);

/** "100 MB", or bytes when the cap is tiny (tests). */
export function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 0.01) return `${bytes} bytes`;
  return `${Number(mb.toFixed(2))} MB`;
}

export interface StoredBlob {
  hash: string;
  size: number;
  /** False when the store already held these bytes. */
  created: boolean;
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * Content-addressed file bytes under `DATA_DIR/blobs/xx/<sha256>`. Uploads
 * stream into `DATA_DIR/tmp` while being hashed and counted, and are renamed
 * into place only when complete and flushed, so a cut-off upload never leaves
 * anything visible. Every path is built from a checked hash, never from user
 * input, so nothing outside DATA_DIR is read or written.
 */
export class BlobStore {
  readonly root: string;
  readonly tmpDir: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'blobs');
    this.tmpDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(this.root, { recursive: true });
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  /** Removes temp files a crash left behind (only this process writes there). */
  sweepTmp(): void {
    for (const name of fs.readdirSync(this.tmpDir)) {
      if (name.endsWith('.part')) fs.rmSync(path.join(this.tmpDir, name), { force: true });
    }
  }

  pathOf(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`Not a blob hash: ${hash.slice(0, 80)}`);
    return path.join(this.root, hash.slice(0, 2), hash);
  }

  /**
   * Streams `source` into the store. More than `maxBytes` aborts with
   * a 413 UserError (tooLarge); any failure removes the temp file. `truncated()` lets the
   * caller report a source that stopped at its own limit (busboy) as too large.
   */
  async put(
    source: Readable,
    opts: { maxBytes: number; truncated?: () => boolean },
  ): Promise<StoredBlob> {
    const tmp = path.join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
    const hasher = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > opts.maxBytes) return done(tooLarge(opts.maxBytes));
        hasher.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, fs.createWriteStream(tmp, { flags: 'wx', flush: true }));
      if (opts.truncated?.()) throw tooLarge(opts.maxBytes);
      const hash = hasher.digest('hex');
      const target = this.pathOf(hash);
      if (fs.existsSync(target)) {
        await fsp.rm(tmp, { force: true });
        return { hash, size, created: false };
      }
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
      return { hash, size, created: true };
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  /** Stores bytes already in memory (seeding, tests). */
  async putBuffer(bytes: Buffer): Promise<StoredBlob> {
    return this.put(Readable.from([bytes]), { maxBytes: Number.MAX_SAFE_INTEGER });
  }

  exists(hash: string): boolean {
    return fs.existsSync(this.pathOf(hash));
  }

  open(hash: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(hash));
  }

  /** The first `maxBytes` bytes (all of a small file). */
  async read(hash: string, maxBytes = Number.MAX_SAFE_INTEGER): Promise<Buffer> {
    return readHead(this.pathOf(hash), maxBytes);
  }

  async remove(hash: string): Promise<void> {
    await fsp.rm(this.pathOf(hash), { force: true });
  }
}

/** The first `maxBytes` bytes of a file (all of it when shorter). */
export async function readHead(file: string, maxBytes: number): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const { size } = await fh.stat();
    const length = Math.min(size, maxBytes);
    const buf = Buffer.alloc(length);
    let offset = 0;
    while (offset < length) {
      const { bytesRead } = await fh.read(buf, offset, length - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return buf.subarray(0, offset);
  } finally {
    await fh.close();
  }
}
