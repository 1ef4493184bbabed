import * as client from 'openid-client';
import { UserError } from '../cog/userError';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Absolute URL of GET /portal/callback, as registered with the provider. */
  redirectUri: string;
  tokenAuthMethod: 'client_secret_basic' | 'client_secret_post';
}

interface Pending {
  verifier: string;
  nonce: string;
  next?: string;
  world?: string;
  createdAt: number;
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
 * sign-ins, keyed by state, for ten minutes).
 */
export class OidcLogin {
  private config?: Promise<client.Configuration>;
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly settings: OidcSettings,
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
    this.prune();
    this.pending.set(state, { verifier, nonce, ...opts, createdAt: this.now() });
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
    const pending = expectedState ? this.pending.get(expectedState) : undefined;
    if (!expectedState || !pending || this.now() - pending.createdAt > PENDING_TTL_MS) {
      throw new UserError('This sign-in expired or was already used. Please sign in again.');
    }
    this.pending.delete(expectedState); // one use only
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
      next: pending.next,
      world: pending.world,
    };
  }

  private prune(): void {
    const cutoff = this.now() - PENDING_TTL_MS;
    for (const [state, p] of this.pending) if (p.createdAt < cutoff) this.pending.delete(state);
    while (this.pending.size >= PENDING_MAX) this.pending.delete(this.pending.keys().next().value!);
  }
}
