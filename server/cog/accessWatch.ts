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
  concerns(revocation: Revocation): Refusal | undefined | Promise<Refusal | undefined>;
  /** Reads the store again: undefined while access still holds. */
  recheck(): Promise<Refusal | undefined>;
  /** Closes the socket with the refusal; called at most once. */
  close(refusal: Refusal): void;
}

export interface Watch {
  /**
   * Checks access again against the store; false once it has ended (the
   * socket is then closing). Awaited before each inbound frame is handled.
   */
  admits(): Promise<boolean>;
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
  private sweeping = false;

  constructor(private readonly deps: AccessWatchDeps) {
    this.unsubscribe = deps.revocations.subscribe((r) => void this.revoked(r));
    this.sweeper = setInterval(() => void this.sweep(), deps.sweepMs);
    this.sweeper.unref();
  }

  watch(socket: WatchedSocket): Watch {
    const entry: Entry = { socket };
    this.entries.add(entry);
    return {
      admits: async () => {
        if (entry.refused) return false;
        this.refuse(entry, await this.recheck(entry, true));
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

  private async revoked(revocation: Revocation): Promise<void> {
    await Promise.all(
      [...this.entries].map(async (entry) => {
        let refusal: Refusal | undefined;
        try {
          refusal = await entry.socket.concerns(revocation);
        } catch (err) {
          this.deps.log.error({ err }, 'socket access check failed');
          refusal = CHECK_FAILED;
        }
        this.refuse(entry, refusal);
      }),
    );
  }

  /** Every socket against the store; sockets sharing a key share the answer. One at a time. */
  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const answers = new Map<string, Promise<Refusal | undefined>>();
      await Promise.all(
        [...this.entries].map(async (entry) => {
          const { key } = entry.socket;
          // A failing database during a sweep closes nothing: the next frame or sweep asks again.
          let answer = key === undefined ? undefined : answers.get(key);
          if (!answer) {
            answer = this.recheck(entry, false);
            if (key !== undefined) answers.set(key, answer);
          }
          this.refuse(entry, await answer);
        }),
      );
    } finally {
      this.sweeping = false;
    }
  }

  private async recheck(entry: Entry, failClosed: boolean): Promise<Refusal | undefined> {
    try {
      return await entry.socket.recheck();
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
