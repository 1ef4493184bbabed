import type { FastifyRequest } from 'fastify';
import type { Audit } from '../cog/audit';
import type { UserRow } from '../store/users';
import { webActor } from './adminAuthority';

/** Lockouts remembered per process, so one is recorded once and not once per refused try. */
const MAX_LOCKOUTS_REMEMBERED = 10_000;

/**
 * The sign-in page's events in the audit log (issue 21): success, refusal,
 * lockout, sign-out. The actor is who signs in (or the email typed).
 */
export function signInAudit(audit: Audit) {
  const lockedUntil = new Map<string, number>();

  const actorOf = (req: FastifyRequest, email: string, user?: UserRow) => ({
    ...webActor(req),
    userId: user?.id ?? null,
    email: user?.email ?? email,
  });

  return {
    async locked(req: FastifyRequest, email: string, waitSeconds: number): Promise<void> {
      const now = Date.now();
      if ((lockedUntil.get(email) ?? 0) > now) return;
      if (lockedUntil.size >= MAX_LOCKOUTS_REMEMBERED) {
        for (const [key, until] of lockedUntil) if (until <= now) lockedUntil.delete(key);
        if (lockedUntil.size >= MAX_LOCKOUTS_REMEMBERED) lockedUntil.clear();
      }
      lockedUntil.set(email, now + waitSeconds * 1000);
      await audit.record({
        action: 'sign-in-locked',
        actor: actorOf(req, email),
        target: { label: email },
        detail: `too many attempts; locked for ${Math.ceil(waitSeconds / 60)} min`,
      });
    },

    failed(req: FastifyRequest, email: string, reason: string, user?: UserRow): Promise<void> {
      return audit.record({
        action: 'sign-in-failed',
        actor: actorOf(req, email, user),
        target: { id: user?.id, label: user?.email ?? email },
        worldId: user?.active_world ?? null,
        detail: reason,
      });
    },

    signedIn(req: FastifyRequest, user: UserRow, worldId: string | undefined): Promise<void> {
      return audit.record({
        action: 'sign-in',
        actor: actorOf(req, user.email, user),
        worldId: worldId ?? null,
      });
    },

    passwordChanged(req: FastifyRequest, user: UserRow): Promise<void> {
      return audit.record({
        action: 'password-changed',
        actor: actorOf(req, user.email, user),
        target: { id: user.id, label: user.email },
        detail: 'the temporary password was replaced at sign-in',
      });
    },

    signedOut(req: FastifyRequest, user: UserRow): Promise<void> {
      return audit.record({
        action: 'sign-out',
        actor: actorOf(req, user.email, user),
        worldId: user.active_world,
      });
    },
  };
}
