import type { FastifyInstance } from 'fastify';
import { safeNextPath } from '../../protocol';
import type { OidcIdentity, OidcLogin } from '../auth/oidc';
import { secureCookies, startSession } from '../auth/sessionCookie';
import type { Audit } from '../cog/audit';
import type { Revocations } from '../cog/revocations';
import { UserError } from '../cog/userError';
import type { Config } from '../config';
import type { Store } from '../store';
import { dashboardUrl } from '../../protocol/paths';
import { webActor } from './adminAuthority';
import { ACCOUNT_DISABLED } from './auth';

const STATE_COOKIE = 'emgen_oidc_state';

/** The user an identity signs in: linked by subject, else by verified email, else new. */
async function userFor(store: Store, id: OidcIdentity) {
  const linked = await store.users.byOidcSubject(id.subject);
  if (linked) return linked;
  const byEmail = await store.users.byEmail(id.email);
  if (byEmail?.oidc_subject) {
    throw new UserError('This email is already linked to another identity at the provider.');
  }
  const user =
    byEmail ??
    (await store.users.create({ email: id.email, name: id.name ?? id.email, passwordHash: null }));
  await store.users.setOidcSubject(user.id, id.subject);
  return user;
}

/**
 * With OIDC configured, {login_url}/login sends the browser to the identity
 * provider and /portal/callback signs it in. Without OIDC, /portal/login is the
 * SPA's embedded sign-in page and these routes do not exist.
 */
export function portalRoutes(
  app: FastifyInstance,
  deps: { store: Store; config: Config; oidc: OidcLogin; revocations: Revocations; audit: Audit },
): void {
  const { store, config, oidc } = deps;

  app.get('/portal/login', async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    try {
      const { url, state } = await oidc.begin({
        next: safeNextPath(query.next),
        world: typeof query.world === 'string' ? query.world : undefined,
      });
      reply.setCookie(STATE_COOKIE, state, {
        path: '/portal',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(config),
        maxAge: 600,
      });
      return reply.redirect(url);
    } catch (err) {
      req.log.error({ err }, 'OIDC sign-in could not begin (provider discovery or the store)');
      return reply.code(502).type('text/plain').send('Error connecting to authentication service');
    }
  });

  app.get('/portal/callback', async (req, reply) => {
    const callbackUrl = new URL(req.url, `${req.protocol}://${req.host}`);
    if (config.PUBLIC_URL) {
      const base = new URL(config.PUBLIC_URL);
      callbackUrl.protocol = base.protocol;
      callbackUrl.host = base.host;
    }
    try {
      const identity = await oidc.finish(callbackUrl, req.cookies[STATE_COOKIE]);
      reply.clearCookie(STATE_COOKIE, { path: '/portal' });
      const user = await userFor(store, identity);
      if (user.disabled_at !== null) {
        await deps.audit.record({
          action: 'sign-in-failed',
          actor: { ...webActor(req), email: user.email },
          target: { id: user.id, label: user.email },
          detail: 'account disabled (identity provider)',
        });
        throw new UserError(ACCOUNT_DISABLED, 403);
      }
      await startSession(req, reply, deps, user.id);
      const worlds = await store.users.worlds(user.id);
      const world =
        worlds.find((w) => w.world_id === identity.world) ??
        worlds.find((w) => w.world_id === user.active_world) ??
        worlds[0];
      if (world) await store.users.setActiveWorld(user.id, world.world_id);
      await deps.audit.record({
        action: 'sign-in',
        actor: { ...webActor(req), userId: user.id, email: user.email },
        worldId: world?.world_id ?? null,
        detail: 'identity provider',
      });
      return reply.redirect(identity.next ?? (world ? dashboardUrl(world.world_id) : '/login'));
    } catch (err) {
      const message =
        err instanceof UserError ? err.message : 'Sign-in with the identity provider failed.';
      req.log.warn({ err }, 'OIDC callback refused');
      return reply
        .code(400)
        .type('text/plain')
        .send(`${message}\nStart again at ${config.loginUrl}/login`);
    }
  });
}
