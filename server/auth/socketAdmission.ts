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
  const recheck = batchedGrantChecks(deps.store);
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
        watchedBrowserSocket(recheck, grant, (refusal) =>
          socket.close(refusal.code, refusal.reason),
        ),
      );
      socket.on('close', () => watch.end());
      return { userId: grant.userId, worldId: grant.worldId, admits: watch.admits };
    },
  };
}

const SESSION_ENDED: Refusal = { code: CLOSE_NOT_SIGNED_IN, reason: 'Not signed in' };

/** Checks an open socket's grant again: undefined while it holds, else why it ended. */
export type GrantCheck = (grant: SocketGrant) => Promise<Refusal | undefined>;

/**
 * Grant checks asked in the same turn answered together: the access sweep
 * asks for every open socket at once, a frame for its own socket. One query
 * says which still hold (SessionsRepository.admittedAmong); socketAccess runs
 * only for those that do not, to say why. A sweep over a thousand sockets,
 * each with its own session, is then a query or two instead of four thousand
 * queued on the store ahead of the frames waiting for theirs.
 */
export function batchedGrantChecks(store: Store): GrantCheck {
  type Asked = {
    grant: SocketGrant;
    resolve: (refusal: Refusal | undefined) => void;
    reject: (err: unknown) => void;
  };
  let waiting: Asked[] = [];
  async function answer(asked: Asked[]): Promise<void> {
    let held: boolean[];
    try {
      held = await store.sessions.admittedAmong(asked.map((a) => a.grant));
    } catch (err) {
      for (const a of asked) a.reject(err);
      return;
    }
    asked.forEach((a, i) => {
      if (held[i]) a.resolve(undefined);
      else
        socketAccess(store, a.grant.token, a.grant.worldId).then(
          (access) => a.resolve(access.ok ? undefined : access.refusal),
          a.reject,
        );
    });
  }
  return (grant) =>
    new Promise((resolve, reject) => {
      waiting.push({ grant, resolve, reject });
      if (waiting.length > 1) return;
      queueMicrotask(() => {
        const asked = waiting;
        waiting = [];
        void answer(asked);
      });
    });
}

/** How the watch sees one browser socket: which revocations end it, and the store check. */
export function watchedBrowserSocket(
  recheck: GrantCheck,
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
    recheck: () => recheck(grant),
    close,
  };
}
