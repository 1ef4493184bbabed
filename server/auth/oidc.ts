import * as client from 'openid-client';
import { UserError } from '../cog/userError';
import type { OidcPendingRepository } from '../store/oidcPending';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Absolute URL of GET /portal/callback, as registered with the provider. */
  redirectUri: string;
  tokenAuthMethod: 'client_secret_basic' | 'client_secret_post';
}

export interface OidcIdentity {
  subject: string;
  email: string;
  name?: string;
  next?: string;
  world?: string;
}

function clientAuthentication(settings: OidcSettings): client.ClientAuth {
  return settings.tokenAuthMethod === 'client_secret_post'
    ? client.ClientSecretPost(settings.clientSecret)
    : client.ClientSecretBasic(settings.clientSecret);
}

const PENDING_TTL_MS = 10 * 60_000;
const PENDING_MAX = 10_000;

/**
 * The relying party: authorization code flow with PKCE, state and nonce
 * checked (openid-client does the protocol; this class keeps the pending
 * sign-ins, keyed by state, for ten minutes). The pending sign-ins are in the
 * store, which every instance shares, so the callback may land on another
 * instance than the one that began the sign-in; taking one removes it.
 */
export class OidcLogin {
  private config?: Promise<client.Configuration>;

  constructor(
    private readonly settings: OidcSettings,
    private readonly pending: OidcPendingRepository,
    private readonly now: () => number = Date.now,
  ) {}

  private configuration(): Promise<client.Configuration> {
    if (!this.config) {
      const issuer = new URL(this.settings.issuer);
      // Plain http is only for a provider on this machine (development and tests).
      const local =
        issuer.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(issuer.hostname);
      this.config = client
        .discovery(issuer, this.settings.clientId, undefined, clientAuthentication(this.settings), {
          execute: local ? [client.allowInsecureRequests] : [],
        })
        .catch((err: unknown) => {
          this.config = undefined; // try discovery again on the next sign-in
          throw err;
        });
    }
    return this.config;
  }

  /** The provider URL to send the browser to, and the state naming this attempt. */
  async begin(opts: { next?: string; world?: string }): Promise<{ url: string; state: string }> {
    const config = await this.configuration();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const now = this.now();
    await this.pending.prune(now - PENDING_TTL_MS, PENDING_MAX);
    await this.pending.add({
      state,
      verifier,
      nonce,
      next: opts.next ?? null,
      world: opts.world ?? null,
      created_at: now,
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /** Completes the callback: exchanges the code and checks state, nonce and the verified email. */
  async finish(callbackUrl: URL, expectedState: string | undefined): Promise<OidcIdentity> {
    // Taken (removed) before anything else: one use only, on whichever instance.
    const pending = expectedState
      ? await this.pending.take(expectedState, this.now() - PENDING_TTL_MS)
      : undefined;
    if (!expectedState || !pending) {
      throw new UserError('This sign-in expired or was already used. Please sign in again.');
    }
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new UserError('The identity provider sent no ID token.');
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let verified = claims.email_verified === true;
    let name = typeof claims.name === 'string' ? claims.name : undefined;
    if (!email) {
      // Some providers put email only in userinfo.
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = info.email;
      verified = info.email_verified === true;
      name ??= info.name;
    }
    if (!email || !verified) {
      throw new UserError('Your identity provider did not confirm a verified email address.');
    }
    return {
      subject: `${claims.iss}|${claims.sub}`,
      email,
      name,
      next: pending.next ?? undefined,
      world: pending.world ?? undefined,
    };
  }
}
