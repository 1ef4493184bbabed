import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tooLarge } from './limits';

/** A source written whole to a temp file, with the sha256 and size of what was written. */
export interface ReceivedFile {
  file: string;
  hash: string;
  size: number;
}

/**
 * Streams `source` into the new file `file` while hashing and counting it.
 * More than `maxBytes` aborts with a 413 UserError (tooLarge), and so does a
 * source that stopped at its own limit (`truncated`, busboy's flag); any
 * failure removes the file. The file is flushed before this resolves.
 */
export async function receiveToFile(
  source: Readable,
  file: string,
  opts: { maxBytes: number; truncated?: () => boolean },
): Promise<ReceivedFile> {
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
    await pipeline(source, counter, fs.createWriteStream(file, { flags: 'wx', flush: true }));
    if (opts.truncated?.()) throw tooLarge(opts.maxBytes);
    return { file, hash: hasher.digest('hex'), size };
  } catch (err) {
    await fsp.rm(file, { force: true });
    throw err;
  }
}
