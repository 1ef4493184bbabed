import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  AUDIT_PAGE_SIZE,
  auditQuerySchema,
  worldCreateSchema,
  worldRenameSchema,
  type AdminWorldsResponse,
  type AuditResponse,
} from '../../protocol';
import { UserError } from '../cog/userError';
import type { PeopleDeps } from '../people/deps';
import { worldsFor } from '../people/listing';
import { createWorld, renameWorld } from '../people/worldAccess';
import { actingOf, parsedOr400, requirePeopleAdmin } from './adminAuthority';
import type { Guards } from './guards';

const worldIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** A day (YYYY-MM-DD) as the first or last moment of it, UTC; a time as it is. */
function dayBound(value: string | undefined, end: boolean): string | undefined {
  if (!value) return undefined;
  const time = value.length > 10 ? value : `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) throw new UserError(`Invalid request: not a date: ${value}`);
  return date.toISOString();
}

/**
 * Worlds (create: global admins; rename: admins of the world) and the audit
 * log (issue 21), for the same administrators as /api/admin/people.
 */
export function adminWorldRoutes(
  app: FastifyInstance,
  deps: PeopleDeps & { guards: Guards },
): void {
  const { store } = deps;
  const onRequest = [...deps.guards.user, requirePeopleAdmin(store)];

  app.get('/api/admin/worlds', { onRequest }, async (req) => {
    const body: AdminWorldsResponse = {
      status: 'ok',
      worlds: await worldsFor(store, req.authority!),
      can_create: req.authority!.kind !== 'world',
    };
    return body;
  });

  app.post('/api/admin/worlds', { onRequest }, async (req, reply) => {
    const { id, name } = parsedOr400(worldCreateSchema.safeParse(req.body));
    const world = await createWorld(deps, actingOf(req), id, name);
    return reply.code(201).send({ status: 'ok', world: { world_id: world.id, name: world.name } });
  });

  app.patch('/api/admin/worlds/:id', { onRequest }, async (req) => {
    const { id } = parsedOr400(worldIdParams.safeParse(req.params));
    const { name } = parsedOr400(worldRenameSchema.safeParse(req.body));
    const world = await renameWorld(deps, actingOf(req), id, name);
    return { status: 'ok', world: { world_id: world.id, name: world.name } };
  });

  /** The audit log: a global admin's whole, a world admin's world only. */
  app.get('/api/admin/audit', { onRequest }, async (req) => {
    const query = parsedOr400(auditQuerySchema.safeParse(req.query));
    const authority = req.authority!;
    if (authority.kind === 'world' && query.world && query.world !== authority.worldId)
      throw new UserError('You administer another world: its events are not yours to see', 403);
    const from = dayBound(query.from, false);
    const to = dayBound(query.to, true);
    const page = await store.audit.list(
      {
        actor: query.actor || undefined,
        action: query.action,
        worldId: authority.kind === 'world' ? authority.worldId : query.world || undefined,
        from,
        to,
      },
      { offset: query.offset ?? 0, limit: query.limit ?? AUDIT_PAGE_SIZE },
    );
    const body: AuditResponse = { status: 'ok', ...page };
    return body;
  });
}
