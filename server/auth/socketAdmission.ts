import { CLOSE_NOT_SIGNED_IN, CLOSE_WORLD_FORBIDDEN } from '../../protocol';
import type { AccessWatch, Refusal, WatchedSocket } from '../cog/accessWatch';
import type { BrowserAdmission } from '../cog/admission';
import type { Revocation } from '../cog/revocations';
import type { Store } from '../store';
import { sessionIdOf } from '../store/sessions';
import { ORIGIN_NOT_ALLOWED, type OriginPolicy } from './origins';
import {
  browserSocketAccess,
  noAccessTo,
  socketAccess,
  type SocketAccess,
  type SocketGrant,
} from './requestAuth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer of the browser socket's admission, awaited before the upgrade. */
    browserSocketCheck?: SocketAccess;
  }
}

const CHECK_MISSING: Refusal = { code: 1011, reason: 'Access check failed' };

/** The browser sockets' admission (cog/admission.ts) over the store's sessions and world access. */
export function browserAdmission(deps: {
  store: Store;
  origins: OriginPolicy;
  watch: AccessWatch;
}): BrowserAdmission {
  return {
    async check(req) {
      req.browserSocketCheck = deps.origins.allows(req)
        ? await browserSocketAccess(deps.store, req)
        : { ok: false, refusal: { code: CLOSE_WORLD_FORBIDDEN, reason: ORIGIN_NOT_ALLOWED } };
    },
    admit(socket, req) {
      const access = req.browserSocketCheck ?? { ok: false, refusal: CHECK_MISSING };
      if (!access.ok) {
        socket.close(access.refusal.code, access.refusal.reason);
        return undefined;
      }
      const { grant } = access;
      const watch = deps.watch.watch(
        watchedBrowserSocket(deps.store, grant, (refusal) =>
          socket.close(refusal.code, refusal.reason),
        ),
      );
      socket.on('close', () => watch.end());
      return { userId: grant.userId, worldId: grant.worldId, admits: watch.admits };
    },
  };
}

const SESSION_ENDED: Refusal = { code: CLOSE_NOT_SIGNED_IN, reason: 'Not signed in' };

/** How the watch sees one browser socket: which revocations end it, and the store check. */
export function watchedBrowserSocket(
  store: Store,
  grant: SocketGrant,
  close: (refusal: Refusal) => void,
): WatchedSocket {
  const sessionId = sessionIdOf(grant.token);
  return {
    key: `browser ${sessionId} ${grant.worldId}`,
    concerns: (r: Revocation) => {
      if (r.kind === 'session') return r.sessionId === sessionId ? SESSION_ENDED : undefined;
      if (r.kind === 'user') return r.userId === grant.userId ? SESSION_ENDED : undefined;
      if (r.kind === 'world-access' && r.userId === grant.userId && r.worldId === grant.worldId)
        return { code: CLOSE_WORLD_FORBIDDEN, reason: noAccessTo(grant.worldId).slice(0, 120) };
      return undefined;
    },
    recheck: async () => {
      const access = await socketAccess(store, grant.token, grant.worldId);
      return access.ok ? undefined : access.refusal;
    },
    close,
  };
}
