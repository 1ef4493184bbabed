import { requestIdOf, type ServerFrame } from '../../protocol';
import type { Timers } from './transport';

/**
 * Requests waiting for their answer. Lives in the cog middleware's closure:
 * promises and timers never enter actions or state.
 */

interface Pending {
  responseTyps: string[];
  resolve(frame: ServerFrame): void;
  reject(error: Error): void;
  timer: unknown;
}

/** Ids of requests that already finished, so a late reply is not handed to a newer request. */
const FINISHED_IDS_KEPT = 200;

export class PendingRequests {
  // Map keeps insertion order, which is what "oldest pending request" needs.
  private readonly pending = new Map<string, Pending>();
  private readonly finished: string[] = [];
  private readonly timers: Timers;

  constructor(timers: Timers) {
    this.timers = timers;
  }

  get size(): number {
    return this.pending.size;
  }

  /** Registers a request; its promise rejects with `timeoutMessage` after `timeoutMs`. */
  add(
    requestId: string,
    options: { timeoutMs: number; responseTyps: string[]; timeoutMessage: string },
  ): Promise<ServerFrame> {
    return new Promise<ServerFrame>((resolve, reject) => {
      const { setTimeout } = this.timers; // called unbound: browsers reject a foreign `this`
      const timer = setTimeout(() => {
        if (this.finish(requestId)) reject(new Error(options.timeoutMessage));
      }, options.timeoutMs);
      this.pending.set(requestId, { responseTyps: options.responseTyps, resolve, reject, timer });
    });
  }

  /** Rejects one request at once (e.g. it could not be sent). */
  reject(requestId: string, error: Error): void {
    const entry = this.finish(requestId);
    entry?.reject(error);
  }

  /**
   * Settles the request this frame answers: by request id first, else the
   * oldest request expecting this typ. A reply to a request that already
   * finished (e.g. timed out) settles nothing. Returns whether one settled.
   */
  settle(frame: ServerFrame): boolean {
    const id = requestIdOf(frame);
    if (id !== undefined) {
      if (this.pending.has(id)) {
        this.finish(id)?.resolve(frame);
        return true;
      }
      if (this.finished.includes(id)) return false;
    }
    if (this.pending.size === 0) return false;
    for (const [pendingId, entry] of this.pending) {
      if (entry.responseTyps.includes(frame.typ)) {
        this.finish(pendingId);
        entry.resolve(frame);
        return true;
      }
    }
    return false;
  }

  private finish(requestId: string): Pending | undefined {
    const entry = this.pending.get(requestId);
    if (!entry) return undefined;
    this.pending.delete(requestId);
    const { clearTimeout } = this.timers;
    clearTimeout(entry.timer);
    this.finished.push(requestId);
    if (this.finished.length > FINISHED_IDS_KEPT) this.finished.shift();
    return entry;
  }
}
