import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { readHead } from './readHead';
import {
  BLOB_HASH,
  checkHash,
  parseQuarantined,
  quarantineName,
  type BlobEntry,
  type BlobStore,
  type Quarantined,
} from './types';

const QUARANTINE_SUFFIX = '.quarantined';

/**
 * Blobs as files `root/xx/<sha256>` (BLOB_STORE=fs: DATA_DIR/blobs, or
 * BLOB_DIR, a directory several instances may share). Temp files and
 * quarantined blobs live in `tmpDir` on the same file system, so that every
 * move is one atomic rename. Every path is built from a checked hash, never
 * from user input.
 */
export class FsBlobStore implements BlobStore {
  readonly location: string;

  constructor(
    readonly root: string,
    readonly tmpDir: string,
  ) {
    this.location = root;
    fs.mkdirSync(root, { recursive: true });
    fs.mkdirSync(tmpDir, { recursive: true });
  }

  pathOf(hash: string): string {
    checkHash(hash);
    return path.join(this.root, hash.slice(0, 2), hash);
  }

  /**
   * Renames the temp file over whatever is there: identical bytes by their
   * name, and a rename replaces atomically, so a reader never sees half a file.
   */
  async publish(hash: string, file: string): Promise<string> {
    const target = this.pathOf(hash);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(file, target);
    return target;
  }

  async open(hash: string): Promise<Readable> {
    const file = this.pathOf(hash);
    // Opened before the stream is handed over, so a missing blob fails here, not mid-response.
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream();
  }

  read(hash: string, maxBytes: number): Promise<Buffer> {
    return readHead(this.pathOf(hash), maxBytes);
  }

  async localCopy(hash: string): Promise<string> {
    const file = this.pathOf(hash);
    // Missing here (a shared mount gone, say) is the store's failure, not the file's: said now, not by the extractor.
    if (!(await fsp.stat(file).catch(() => undefined)))
      throw new Error(`The blob ${hash} is missing from ${this.root}`);
    return file;
  }

  async *list(): AsyncIterable<BlobEntry> {
    for (const prefix of await readdirOrEmpty(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      const dir = path.join(this.root, prefix);
      for (const name of await readdirOrEmpty(dir)) {
        if (!BLOB_HASH.test(name) || !name.startsWith(prefix)) continue;
        const stat = await fsp.stat(path.join(dir, name)).catch(() => undefined);
        if (stat?.isFile()) yield { hash: name, modifiedMs: stat.mtimeMs };
      }
    }
  }

  async quarantine(hash: string): Promise<Quarantined | undefined> {
    const name = quarantineName(hash, randomBytes(6).toString('hex'));
    try {
      await fsp.rename(this.pathOf(hash), this.quarantinePath(name));
      return name;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async restore(quarantined: Quarantined): Promise<void> {
    const { hash } = parseQuarantined(quarantined)!;
    const target = this.pathOf(hash);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(this.quarantinePath(quarantined), target);
  }

  async discard(quarantined: Quarantined): Promise<void> {
    await fsp.rm(this.quarantinePath(quarantined), { force: true });
  }

  async *quarantined(): AsyncIterable<Quarantined> {
    for (const name of await readdirOrEmpty(this.tmpDir)) {
      if (!name.endsWith(QUARANTINE_SUFFIX)) continue;
      const q = name.slice(0, -QUARANTINE_SUFFIX.length);
      if (parseQuarantined(q)) yield q;
    }
  }

  /** An upload that died leaves a temp file only, which the sweep's temp pass removes. */
  async removeAbandonedUploads(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {}

  private quarantinePath(quarantined: Quarantined): string {
    if (!parseQuarantined(quarantined)) throw new Error('Not a quarantined blob');
    return path.join(this.tmpDir, quarantined + QUARANTINE_SUFFIX);
  }
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await fsp.readdir(dir);
  } catch {
    return [];
  }
}
