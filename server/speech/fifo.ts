import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** How often to look whether the reader has opened the FIFO yet. */
const OPEN_POLL_MS = 10;

/**
 * A named pipe that a child process reads by path (pocketsphinx_continuous
 * `-infile`) and this process writes without blocking the event loop.
 *
 * Why not the child's stdin: Node gives children a socket pair for
 * `stdio: 'pipe'`, and a program that opens `/dev/stdin` by name cannot open
 * a socket (ENXIO). A FIFO as stdin would be reopened by name too, and if the
 * writer had already closed (a short utterance ended while the model was still
 * loading) that open would wait forever. So the write end is opened only once
 * the reader has opened the FIFO — a non-blocking open for writing fails with
 * ENXIO until then, so it is retried — and what is written before that is
 * held (counted in `pendingBytes`, which the caller bounds).
 */
export class FifoWriter {
  readonly path: string;
  private readonly dir: string;
  private socket?: net.Socket;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private ending = false;
  private closed = false;
  private timer?: NodeJS.Timeout;

  constructor(private readonly onError: (err: Error) => void) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-stt-'));
    this.path = path.join(this.dir, 'audio.raw');
    const made = spawnSync('mkfifo', ['-m', '600', this.path], { encoding: 'utf8' });
    if (made.status !== 0) {
      this.removeDir();
      throw new Error(`mkfifo failed: ${made.error?.message ?? made.stderr.trim()}`);
    }
    this.timer = setTimeout(() => this.tryOpen(), 0);
  }

  write(chunk: Buffer): void {
    if (this.closed || this.ending) return;
    if (this.socket) this.socket.write(chunk);
    else {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
    }
  }

  /** Bytes written here and not yet taken by the reader's pipe. */
  get pendingBytes(): number {
    return this.heldBytes + (this.socket?.writableLength ?? 0);
  }

  /** No more data: the reader gets end-of-file after what was written. */
  end(): void {
    if (this.closed || this.ending) return;
    this.ending = true;
    this.socket?.end();
  }

  /** Stops at once: nothing more is written, the pipe and its name are gone. */
  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.held = [];
    this.heldBytes = 0;
    this.socket?.destroy();
    this.removeDir();
  }

  private tryOpen(): void {
    if (this.closed) return;
    let fd: number;
    try {
      fd = fs.openSync(this.path, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENXIO') {
        this.timer = setTimeout(() => this.tryOpen(), OPEN_POLL_MS);
        return;
      }
      this.destroy();
      this.onError(err as Error);
      return;
    }
    // Both ends are open: the name is no longer needed.
    this.removeDir();
    const socket = new net.Socket({ fd, readable: false, writable: true });
    // EPIPE when the reader has gone; the caller learns why from the reader's exit.
    socket.on('error', () => {});
    this.socket = socket;
    for (const chunk of this.held) socket.write(chunk);
    this.held = [];
    this.heldBytes = 0;
    if (this.ending) socket.end();
  }

  private removeDir(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
