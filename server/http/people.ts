import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  addPersonSchema,
  deletePersonSchema,
  globalAdminSchema,
  grantWorldSchema,
  peopleQuerySchema,
  requirePinSchema,
  type PeopleResponse,
  type PersonResponse,
  type PersonSecretResponse,
} from '../../protocol';
import {
  addAccount,
  deleteAccount,
  resetPassword,
  setDisabled,
  setGlobalAdmin,
  setPinRequired,
} from '../people/accounts';
import type { PeopleDeps } from '../people/deps';
import { listPeople, personFor, scopeOf, worldsFor } from '../people/listing';
import { grantWorld, revokeWorld } from '../people/worldAccess';
import { actingOf, parsedOr400, requirePeopleAdmin } from './adminAuthority';
import type { Guards } from './guards';

const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const worldParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  worldId: z.string().check(z.minLength(1), z.maxLength(64)),
});

/**
 * Administration of people (issue 21), /api/admin/people: thin routes over
 * server/people, which `npm run users` shares. Every call: a session
 * (guards.user), an administrator (requirePeopleAdmin: global, or of the
 * X-World-Id world), a CSRF token on every change (registerCsrf), a body and
 * query parsed by the protocol's schemas.
 */
export function peopleRoutes(app: FastifyInstance, deps: PeopleDeps & { guards: Guards }): void {
  const { store } = deps;
  const onRequest = [...deps.guards.user, requirePeopleAdmin(store)];
  const idOf = (req: FastifyRequest) => parsedOr400(idParams.safeParse(req.params)).id;

  /** The account as the caller sees it after a change (absent once out of their reach). */
  async function answer(req: FastifyRequest, userId: string): Promise<PersonResponse> {
    return { status: 'ok', person: await personFor(store, req.authority!, userId) };
  }

  app.get('/api/admin/people', { onRequest }, async (req) => {
    const query = parsedOr400(peopleQuerySchema.safeParse(req.query));
    const authority = req.authority!;
    const page = await listPeople(store, authority, query);
    const body: PeopleResponse = {
      status: 'ok',
      scope: scopeOf(authority),
      ...page,
      worlds: (await worldsFor(store, authority)).map((w) => ({
        world_id: w.world_id,
        name: w.name,
      })),
      self_id: req.signed!.user.id,
    };
    return body;
  });

  app.get('/api/admin/people/:id', { onRequest }, async (req) => answer(req, idOf(req)));

  app.post('/api/admin/people', { onRequest }, async (req, reply) => {
    const input = parsedOr400(addPersonSchema.safeParse(req.body));
    const made = await addAccount(deps, actingOf(req), {
      email: input.email,
      name: input.name,
      worlds: input.worlds.map((w) => ({ worldId: w.world_id, admin: Boolean(w.is_admin) })),
      existing: 'grant',
    });
    const body: PersonSecretResponse = {
      ...(await answer(req, made.user.id)),
      temporary_password: made.temporaryPassword,
    };
    reply.header('Cache-Control', 'no-store');
    return reply.code(made.existed ? 200 : 201).send(body);
  });

  for (const [path, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(`/api/admin/people/:id/${path}`, { onRequest }, async (req) => {
      const user = await setDisabled(deps, actingOf(req), idOf(req), disabled);
      return answer(req, user.id);
    });
  }

  app.post('/api/admin/people/:id/reset-password', { onRequest }, async (req, reply) => {
    const reset = await resetPassword(deps, actingOf(req), idOf(req));
    const body: PersonSecretResponse = {
      ...(await answer(req, reset.user.id)),
      temporary_password: reset.temporaryPassword,
    };
    reply.header('Cache-Control', 'no-store');
    return body;
  });

  app.post('/api/admin/people/:id/pin', { onRequest }, async (req, reply) => {
    const { required } = parsedOr400(requirePinSchema.safeParse(req.body));
    const done = await setPinRequired(deps, actingOf(req), idOf(req), required);
    const body: PersonSecretResponse = { ...(await answer(req, done.user.id)), totp: done.totp };
    reply.header('Cache-Control', 'no-store');
    return body;
  });

  app.post('/api/admin/people/:id/global-admin', { onRequest }, async (req) => {
    const { global_admin } = parsedOr400(globalAdminSchema.safeParse(req.body));
    const user = await setGlobalAdmin(deps, actingOf(req), idOf(req), global_admin);
    return answer(req, user.id);
  });

  app.put('/api/admin/people/:id/worlds/:worldId', { onRequest }, async (req) => {
    const { id, worldId } = parsedOr400(worldParams.safeParse(req.params));
    const { is_admin } = parsedOr400(grantWorldSchema.safeParse(req.body));
    await grantWorld(deps, actingOf(req), id, worldId, is_admin);
    return answer(req, id);
  });

  app.delete('/api/admin/people/:id/worlds/:worldId', { onRequest }, async (req) => {
    const { id, worldId } = parsedOr400(worldParams.safeParse(req.params));
    await revokeWorld(deps, actingOf(req), id, worldId);
    // A world admin who took their world away no longer sees the account.
    return answer(req, id).catch(() => ({ status: 'ok' as const }));
  });

  app.delete('/api/admin/people/:id', { onRequest }, async (req) => {
    const { confirm_email } = parsedOr400(deletePersonSchema.safeParse(req.body ?? {}));
    await deleteAccount(deps, actingOf(req), idOf(req), confirm_email);
    return { status: 'ok' };
  });
}
