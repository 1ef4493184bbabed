/**
 * Changes that take access away from open sockets (DESIGN §4b "revocations"):
 * whoever changes sessions, accounts, world access or app tokens publishes
 * one; the cog hub, the app gateway and the audio socket close what it
 * concerns at once. One interface with an in-process default; with many
 * processes a Redis pub/sub implementation goes behind the same interface.
 *
 * Messages never carry a secret: a session is named by its id (the hash the
 * store keeps, see `sessionIdOf`), never by the cookie's token, since a
 * shared bus may cross the network.
 */
export type Revocation =
  /** One session ended: sign-out, rotation at sign-in, expiry. */
  | { kind: 'session'; sessionId: string }
  /** Every session of an account ended: password changed, account removed. */
  | { kind: 'user'; userId: string }
  /** An account may no longer enter a world. */
  | { kind: 'world-access'; userId: string; worldId: string }
  /** A remote app's token for a world was revoked or replaced. */
  | { kind: 'app-token'; appName: string; worldId: string };

export type RevocationListener = (revocation: Revocation) => void;

export interface Revocations {
  publish(revocation: Revocation): void;
  /** Returns the function that ends the subscription. */
  subscribe(listener: RevocationListener): () => void;
}

/** The one-process default: listeners run synchronously, in subscription order. */
export class InProcessRevocations implements Revocations {
  private readonly listeners = new Set<RevocationListener>();

  publish(revocation: Revocation): void {
    for (const listener of [...this.listeners]) listener(revocation);
  }

  subscribe(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** For code that changes access where nothing in this process holds sockets (the users CLI). */
export const noRevocations: Revocations = {
  publish: () => undefined,
  subscribe: () => () => undefined,
};
