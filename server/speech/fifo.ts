import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real pipe for a child's stdin. Node gives children a socket pair for
 * `stdio: 'pipe'`, and a program that opens `/dev/stdin` by name (as
 * pocketsphinx_continuous does with `-infile /dev/stdin`) cannot open a
 * socket (ENXIO). So a FIFO is made in a private temporary directory, both
 * ends are opened without blocking, and the name is removed at once; pass
 * `readFd` in the child's stdio, then call `parentDone()` to close the
 * parent's copy of it. `input` writes without blocking the event loop.
 */
export function childStdinPipe(): { readFd: number; input: net.Socket; parentDone(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-stt-'));
  try {
    const fifo = path.join(dir, 'audio');
    const made = spawnSync('mkfifo', ['-m', '600', fifo], { encoding: 'utf8' });
    if (made.status !== 0)
      throw new Error(`mkfifo failed: ${made.error?.message ?? made.stderr.trim()}`);
    const { O_RDONLY, O_WRONLY, O_NONBLOCK } = fs.constants;
    // The read end first: opening the write end without blocking needs a reader.
    const readFd = fs.openSync(fifo, O_RDONLY | O_NONBLOCK);
    const writeFd = fs.openSync(fifo, O_WRONLY | O_NONBLOCK);
    const input = new net.Socket({ fd: writeFd, readable: false, writable: true });
    let closed = false;
    return {
      readFd,
      input,
      parentDone() {
        if (closed) return;
        closed = true;
        fs.closeSync(readFd);
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
