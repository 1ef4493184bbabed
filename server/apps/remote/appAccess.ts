import { CLOSE_NOT_SIGNED_IN } from '../../../protocol';
import type { Refusal, WatchedSocket } from '../../cog/accessWatch';
import type { AppTokensRepository } from '../../store/appTokens';

/** An app whose token was revoked or replaced is signed out like a browser (4401). */
export const APP_TOKEN_REVOKED: Refusal = {
  code: CLOSE_NOT_SIGNED_IN,
  reason: 'App token revoked',
};

/** How the access watch sees one app socket: its token must stay the app's token for the world. */
export function watchedAppSocket(
  tokens: AppTokensRepository,
  app: { appName: string; worldId: string; token: string },
  close: (refusal: Refusal) => void,
): WatchedSocket {
  const recheck = async () =>
    (await tokens.matches(app.appName, app.worldId, app.token)) ? undefined : APP_TOKEN_REVOKED;
  return {
    // The store decides: a revocation published after a token was replaced must not
    // close an app that already connected with the new one.
    concerns: (r) =>
      r.kind === 'app-token' && r.appName === app.appName && r.worldId === app.worldId
        ? recheck()
        : undefined,
    recheck,
    close,
  };
}
