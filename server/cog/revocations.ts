import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { MessageBus } from './bus';

/**
 * Changes that take access away from open sockets (DESIGN §4b "revocations"):
 * whoever changes sessions, accounts, world access or app tokens publishes
 * one; the cog hub, the app gateway and the audio socket close what it
 * concerns at once, on every instance: revocations travel on the message
 * bus (in-process, or Redis with many processes).
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

/** The bus topic revocations travel on. */
export const REVOCATIONS_TOPIC = 'revocations';

const revocationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sessionId: z.string() }),
  z.object({ kind: z.literal('user'), userId: z.string() }),
  z.object({ kind: z.literal('world-access'), userId: z.string(), worldId: z.string() }),
  z.object({ kind: z.literal('app-token'), appName: z.string(), worldId: z.string() }),
]);

/**
 * Revocations over the message bus: one published on any instance reaches
 * the listeners of every instance (this one's too, by the same way).
 */
export class BusRevocations implements Revocations {
  constructor(
    private readonly bus: MessageBus,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  publish(revocation: Revocation): void {
    this.bus.publish(REVOCATIONS_TOPIC, revocation);
  }

  subscribe(listener: RevocationListener): () => void {
    return this.bus.subscribe(REVOCATIONS_TOPIC, (message) => {
      const parsed = revocationSchema.safeParse(message);
      if (parsed.success) listener(parsed.data);
      else this.log.warn({ issues: parsed.error.issues }, 'a revocation from the bus was dropped');
    });
  }
}

/** For code that changes access where nothing in this process holds sockets (the users CLI). */
export const noRevocations: Revocations = {
  publish: () => undefined,
  subscribe: () => () => undefined,
};
