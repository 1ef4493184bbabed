import type { AuditAction, AuditEvent, AuditSource } from '../../protocol';
import type { Queries } from './kysely';
import { containsPattern, likeLower } from './people';

/** One event to keep (the store adds its id). */
export interface AuditEntry {
  at: string;
  action: AuditAction;
  source: AuditSource;
  actorId?: string | null;
  actorEmail?: string | null;
  targetId?: string | null;
  targetLabel?: string | null;
  worldId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: string | null;
}

export interface AuditFilter {
  /** Part of the actor's email, any case. */
  actor?: string;
  action?: AuditAction;
  worldId?: string;
  /** ISO times, both inclusive. */
  from?: string;
  to?: string;
}

/** Lengths kept of what a request brings (a user agent can be long). */
const MAX_TEXT = 500;
const clip = (text: string | null | undefined) =>
  text === undefined || text === null ? null : text.slice(0, MAX_TEXT);

/** The audit log (issue 21): appended to, listed newest first. */
export class AuditRepository {
  constructor(private readonly q: Queries) {}

  async add(e: AuditEntry): Promise<void> {
    await this.q
      .insertInto('audit_events')
      .values({
        at: e.at,
        action: e.action,
        source: e.source,
        actor_id: e.actorId ?? null,
        actor_email: clip(e.actorEmail),
        target_id: e.targetId ?? null,
        target_label: clip(e.targetLabel),
        world_id: e.worldId ?? null,
        ip: clip(e.ip),
        user_agent: clip(e.userAgent),
        detail: clip(e.detail),
      })
      .execute();
  }

  async list(
    filter: AuditFilter,
    page: { offset: number; limit: number },
  ): Promise<{ events: AuditEvent[]; total: number }> {
    let base = this.q.selectFrom('audit_events');
    if (filter.actor) base = base.where(likeLower('actor_email', containsPattern(filter.actor)));
    if (filter.action) base = base.where('action', '=', filter.action);
    if (filter.worldId) base = base.where('world_id', '=', filter.worldId);
    if (filter.from) base = base.where('at', '>=', filter.from);
    if (filter.to) base = base.where('at', '<=', filter.to);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
    ]);
    return {
      total: Number(count.n),
      events: rows.map((r) => ({
        ...r,
        id: Number(r.id),
        action: r.action as AuditAction,
        source: r.source as AuditSource,
      })),
    };
  }
}
