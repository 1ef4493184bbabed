import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations (no @types/oidc-provider installed); typed below.
import { Provider as UntypedProvider } from 'oidc-provider';

/**
 * A real OpenID Provider (panva's oidc-provider) for the server tests: one
 * confidential client, an in-test account table, and interactions a test
 * drives with {@link IdpBrowser} instead of a login page.
 */

export interface IdpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** The slice of oidc-provider's API this helper uses. */
interface InteractionDetails {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface ProviderInstance {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<InteractionDetails>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    opts?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  on(event: string, listener: (ctx: unknown, err: Error) => void): void;
  Grant: new (init: { accountId: string; clientId: string }) => Grant;
}
const Provider = UntypedProvider as new (issuer: string, config: object) => ProviderInstance;

/** An error the provider reported (token endpoint and authorization endpoint). */
export interface IdpError {
  event: string;
  error: string;
  detail: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who may sign in at the provider, by subject; tests add and change accounts freely. */
  accounts: Map<string, IdpAccount>;
  errors: IdpError[];
  /** Every path requested of the provider, in order (e.g. '/token', '/me' for userinfo). */
  paths: string[];
  close(): Promise<void>;
}

type Payload = Record<string, unknown>;

/** oidc-provider's storage contract, in memory and private to one provider. */
function memoryAdapter() {
  const rows = new Map<string, { payload: Payload; expiresAt: number }>();
  const live = (key: string) => {
    const row = rows.get(key);
    if (row && row.expiresAt <= Date.now()) rows.delete(key);
    return rows.get(key)?.payload;
  };
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
      rows.set(this.key(id), { payload: structuredClone(payload), expiresAt });
    }
    async find(id: string) {
      const payload = live(this.key(id));
      return payload && structuredClone(payload);
    }
    private async findBy(field: string, value: string) {
      for (const [key, row] of rows) {
        if (key.startsWith(`${this.model}:`) && row.payload[field] === value) {
          return this.find(key.slice(this.model.length + 1));
        }
      }
      return undefined;
    }
    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findBy('userCode', userCode);
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      rows.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, row] of rows) if (row.payload.grantId === grantId) rows.delete(key);
    }
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * The interaction "pages": GET /interaction/:uid says which prompt is pending;
 * POST /interaction/:uid/login (account=<sub>) signs in, POST
 * /interaction/:uid/consent grants what the client asked for.
 */
async function interaction(
  provider: ProviderInstance,
  accounts: Map<string, IdpAccount>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const [, , uid, action] = new URL(req.url ?? '/', 'http://idp').pathname.split('/');
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return sendJson(res, 400, { error: 'interaction mismatch' });
  if (req.method === 'GET' && !action) {
    return sendJson(res, 200, {
      uid,
      prompt: details.prompt.name,
      details: details.prompt.details,
    });
  }
  if (req.method === 'POST' && action === 'login' && details.prompt.name === 'login') {
    const sub = new URLSearchParams(await readBody(req)).get('account') ?? '';
    if (!accounts.has(sub)) return sendJson(res, 400, { error: 'unknown account' });
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub } },
      { mergeWithLastSubmission: false },
    );
  }
  if (req.method === 'POST' && action === 'consent' && details.prompt.name === 'consent') {
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    const grant = new provider.Grant({
      accountId: details.session!.accountId!,
      clientId: String(details.params.client_id),
    });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }
  return sendJson(res, 400, {
    error: `cannot ${req.method} ${action ?? ''} at prompt ${details.prompt.name}`,
  });
}

/** Starts the provider on 127.0.0.1 (ephemeral port) with one client redirecting to `redirectUri`. */
export async function startTestIdp(redirectUri: string): Promise<TestIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, IdpAccount>();
  const clientId = 'emgen';
  const clientSecret = 'emgen-test-secret';
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        // openid-client sends the secret in the body unless told otherwise.
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['emgen-test-idp-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Every authorization must carry PKCE, so the tests prove the server sends it.
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    async findAccount(_ctx: unknown, sub: string) {
      if (!accounts.has(sub)) return undefined;
      return {
        accountId: sub,
        // Read at token time, so a test may change an account between sign-ins.
        async claims() {
          const { email, email_verified, name } = accounts.get(sub)!;
          return { sub, email, email_verified, name };
        },
      };
    },
  });
  const errors: IdpError[] = [];
  for (const event of ['grant.error', 'authorization.error', 'userinfo.error', 'server_error']) {
    provider.on(event, (_ctx, err) => {
      const e = err as Error & { error?: string; error_description?: string; cause?: Error };
      errors.push({
        event,
        error: e.error ?? e.message,
        detail: e.cause?.message ?? e.error_description ?? '',
      });
    });
  }

  const handle = provider.callback();
  const paths: string[] = [];
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    paths.push(new URL(req.url ?? '/', issuer).pathname);
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    interaction(provider, accounts, req, res).catch((err: unknown) =>
      sendJson(res, 400, { error: err instanceof Error ? err.message : String(err) }),
    );
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    errors,
    paths,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A browser at the provider: keeps the provider's cookies (by name and path) and follows its redirects. */
export class IdpBrowser {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();
  /** The prompts answered during the last {@link authorize}, e.g. ['login', 'consent']. */
  prompts: string[] = [];

  constructor(private readonly idp: TestIdp) {}

  private async fetch(url: URL, init: { method?: string; body?: string } = {}): Promise<Response> {
    const cookie = [...this.cookies.values()]
      .filter((c) => url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers: Record<string, string> = { cookie };
    if (init.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const pathAttr = attrs.find((a) => /^path=/i.test(a));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expires = attrs.find((a) => /^expires=/i.test(a));
      const gone = value === '' || (expires && Date.parse(expires.slice(8)) < Date.now());
      if (gone) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
    return res;
  }

  /**
   * Opens the authorization URL the server redirected to, signs in as `sub`
   * and consents when the provider asks, and returns the URL the provider
   * finally redirects the browser to (the server's callback, with code and state).
   */
  async authorize(authorizationUrl: string, sub: string): Promise<URL> {
    this.prompts = [];
    const origin = new URL(this.idp.issuer).origin;
    let res = await this.fetch(new URL(authorizationUrl));
    let url = new URL(authorizationUrl);
    for (let hops = 0; hops < 20; hops++) {
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url);
        if (url.origin !== origin) return url;
        res = await this.fetch(url);
        continue;
      }
      const body = (await res.json()) as {
        prompt?: string;
        error?: string;
        error_description?: string;
      };
      if (res.status !== 200 || !body.prompt) {
        throw new Error(
          `provider answered ${res.status}: ${body.error} ${body.error_description ?? ''}`,
        );
      }
      this.prompts.push(body.prompt);
      const action = new URL(`${url.pathname}/${body.prompt}`, url);
      res = await this.fetch(action, {
        method: 'POST',
        body: body.prompt === 'login' ? new URLSearchParams({ account: sub }).toString() : '',
      });
    }
    throw new Error('too many redirects at the provider');
  }
}
