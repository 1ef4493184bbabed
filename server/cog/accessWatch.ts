import type { FastifyBaseLogger } from 'fastify';
import type { Revocation, Revocations } from './revocations';

/** Why a socket's access ended: the close code and reason it is closed with. */
export interface Refusal {
  code: number;
  reason: string;
}

/** What the watch needs to know about one open socket. */
export interface WatchedSocket {
  /**
   * Sockets with the same key (e.g. one session in one world) share one store
   * check per sweep; without a key each socket is checked on its own.
   */
  key?: string;
  /** The refusal a published revocation means for this socket, if it concerns it. */
  concerns(revocation: Revocation): Refusal | undefined;
  /** Reads the store again: undefined while access still holds. */
  recheck(): Refusal | undefined;
  /** Closes the socket with the refusal; called at most once. */
  close(refusal: Refusal): void;
}

export interface Watch {
  /**
   * Checks access again, now; false once it has ended (the socket is then
   * closing). Called before each inbound frame is handled.
   */
  admits(): boolean;
  /** The socket closed: it is no longer watched. */
  end(): void;
}

export interface AccessWatchDeps {
  revocations: Revocations;
  /** How often every open socket is checked against the store. */
  sweepMs: number;
  log: FastifyBaseLogger;
}

/** A store check that failed (database error): fail closed, the client reconnects. */
const CHECK_FAILED: Refusal = { code: 1011, reason: 'Access check failed' };

interface Entry {
  socket: WatchedSocket;
  refused?: Refusal;
}

/**
 * Keeps open sockets to the access they were admitted with. Three ways a
 * change reaches them: a published revocation closes the sockets it
 * concerns at once; each inbound frame re-checks the store before it is
 * handled; and a sweep re-checks every socket every `sweepMs`, so an idle
 * socket also closes soon after a change made by another process (the users
 * CLI writes to the same database and publishes nowhere this process hears).
 */
export class AccessWatch {
  private readonly entries = new Set<Entry>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: AccessWatchDeps) {
    this.unsubscribe = deps.revocations.subscribe((r) => this.revoked(r));
    this.sweeper = setInterval(() => this.sweep(), deps.sweepMs);
    this.sweeper.unref();
  }

  watch(socket: WatchedSocket): Watch {
    const entry: Entry = { socket };
    this.entries.add(entry);
    return {
      admits: () => {
        if (entry.refused) return false;
        this.refuse(entry, this.recheck(entry, true));
        return !entry.refused;
      },
      end: () => {
        this.entries.delete(entry);
      },
    };
  }

  /** How many sockets are watched now. */
  get size(): number {
    return this.entries.size;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.unsubscribe();
    this.entries.clear();
  }

  private revoked(revocation: Revocation): void {
    for (const entry of [...this.entries]) {
      let refusal: Refusal | undefined;
      try {
        refusal = entry.socket.concerns(revocation);
      } catch (err) {
        this.deps.log.error({ err }, 'socket access check failed');
        refusal = CHECK_FAILED;
      }
      this.refuse(entry, refusal);
    }
  }

  /** Every socket against the store; sockets sharing a key share the answer. */
  private sweep(): void {
    const answers = new Map<string, Refusal | undefined>();
    for (const entry of [...this.entries]) {
      const { key } = entry.socket;
      if (key !== undefined && answers.has(key)) {
        this.refuse(entry, answers.get(key));
        continue;
      }
      // A failing database during a sweep closes nothing: the next frame or sweep asks again.
      const refusal = this.recheck(entry, false);
      if (key !== undefined) answers.set(key, refusal);
      this.refuse(entry, refusal);
    }
  }

  private recheck(entry: Entry, failClosed: boolean): Refusal | undefined {
    try {
      return entry.socket.recheck();
    } catch (err) {
      this.deps.log.error({ err }, 'socket access check failed');
      return failClosed ? CHECK_FAILED : undefined;
    }
  }

  private refuse(entry: Entry, refusal: Refusal | undefined): void {
    if (!refusal || entry.refused) return;
    entry.refused = refusal;
    this.entries.delete(entry);
    try {
      entry.socket.close(refusal);
    } catch (err) {
      this.deps.log.warn({ err }, 'closing a revoked socket failed');
    }
  }
}
