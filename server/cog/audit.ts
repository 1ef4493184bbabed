import type { FastifyBaseLogger } from 'fastify';
import type { AuditAction, AuditSource } from '../../protocol';
import type { Repositories } from '../store';

/** Who did it and from where: a person in a browser, the command line, or nobody known. */
export interface AuditActor {
  source: AuditSource;
  userId?: string | null;
  email?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** One admin or security event (issue 21), as any server area records it. */
export interface AuditRecord {
  action: AuditAction;
  actor: AuditActor;
  /** The account (or world, or app) it was done to. */
  target?: { id?: string | null; label?: string | null };
  /** The world it concerns; its administrators see it (global admins see every event). */
  worldId?: string | null;
  /** A short sentence of what changed; never a secret. */
  detail?: string;
}

/** The command line's actor: there is no browser, and whoever runs it holds the database. */
export const CLI_ACTOR: AuditActor = { source: 'cli', userAgent: 'npm run users' };

/**
 * The audit log's one entrance: `audit.record({...})`. Recording never fails
 * the action it records (the action is done by then): a store error is
 * logged, and the caller goes on.
 */
export class Audit {
  constructor(
    private readonly store: Pick<Repositories, 'audit'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'> = { error: () => undefined },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(event: AuditRecord): Promise<void> {
    try {
      await this.store.audit.add({
        at: this.now().toISOString(),
        action: event.action,
        source: event.actor.source,
        actorId: event.actor.userId,
        actorEmail: event.actor.email,
        targetId: event.target?.id,
        targetLabel: event.target?.label,
        worldId: event.worldId,
        ip: event.actor.ip,
        userAgent: event.actor.userAgent,
        detail: event.detail,
      });
    } catch (err) {
      this.log.error({ err, action: event.action }, 'an audit event could not be kept');
    }
  }
}
