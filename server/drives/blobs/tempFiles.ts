import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

const TEMP = /^([0-9a-f]+)\.[0-9a-f]+\.part$/;

/** A new temp file's path in `dir`, named after its writer so that other instances know whose it is. */
export function tempFileIn(dir: string, writerId: string): string {
  return path.join(dir, `${writerId}.${randomBytes(8).toString('hex')}.part`);
}

/**
 * Removes temp files (`.part`) that no live writer is filling: those of
 * writers just found dead, and those of writers unknown (long forgotten, or
 * from before writers were named) last written before `before`. A writer that
 * registers after the caller read who is alive writes its files after that,
 * so they are newer than `before` and stay. Returns how many went.
 */
export async function removeDeadTempFiles(
  dir: string,
  writers: { alive: Set<string>; dead: Set<string> },
  before: number,
): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.part')) continue;
    const writer = TEMP.exec(name)?.[1];
    if (writer && writers.alive.has(writer)) continue;
    const file = path.join(dir, name);
    if (!(writer && writers.dead.has(writer))) {
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat || stat.mtimeMs >= before) continue;
    }
    await fsp.rm(file, { force: true });
    removed++;
  }
  return removed;
}
