import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_NOT_SIGNED_IN, CLOSE_WORLD_FORBIDDEN } from '../../protocol';
import type { AccessWatch, Refusal, WatchedSocket } from '../cog/accessWatch';
import type { Revocation } from '../cog/revocations';
import type { Store } from '../store';
import { sessionIdOf } from '../store/sessions';
import { ORIGIN_NOT_ALLOWED, type OriginPolicy } from './origins';
import { admitBrowserSocket, noAccessTo, socketAccess, type SocketGrant } from './requestAuth';

/** A browser socket let in: who and where, and whether it may still be used. */
export interface AdmittedBrowser {
  userId: string;
  worldId: string;
  /**
   * Re-checks the session and world access; false once either has ended (the
   * socket is then closing with 4401 / 4403). Ask before handling each frame.
   */
  admits(): boolean;
}

/** Lets a browser's socket in, or closes it with the reason and returns undefined. */
export type BrowserAdmission = (
  socket: WebSocket,
  req: FastifyRequest,
) => AdmittedBrowser | undefined;

/**
 * Admission of the browser sockets (cog and audio): the page's Origin, then
 * the session and the world (requestAuth); an admitted socket is watched
 * until it closes, so losing the session or the world closes it.
 */
export function browserAdmission(deps: {
  store: Store;
  origins: OriginPolicy;
  watch: AccessWatch;
}): BrowserAdmission {
  return (socket, req) => {
    if (!deps.origins.allows(req)) {
      socket.close(CLOSE_WORLD_FORBIDDEN, ORIGIN_NOT_ALLOWED);
      return undefined;
    }
    const grant = admitBrowserSocket(deps.store, socket, req);
    if (!grant) return undefined;
    const watch = deps.watch.watch(
      watchedBrowserSocket(deps.store, grant, (refusal) =>
        socket.close(refusal.code, refusal.reason),
      ),
    );
    socket.on('close', () => watch.end());
    return { userId: grant.userId, worldId: grant.worldId, admits: watch.admits };
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
    recheck: () => {
      const access = socketAccess(store, grant.token, grant.worldId);
      return access.ok ? undefined : access.refusal;
    },
    close,
  };
}
