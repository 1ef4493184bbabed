import path from 'node:path';
import { z } from 'zod';
import { blobConfigProblem, blobVariables } from './config/blobs';
import { clusterVariables } from './config/cluster';
import { sharedStateVariables } from './config/sharedState';
import { queueVariables } from './config/queue';
import { mcpConfigProblem, mcpVariables } from './config/mcp';
import { bool, port, positiveInt, url } from './config/values';

/**
 * Every setting comes from the environment (DESIGN §5). Each variable is
 * parsed on its own so that a bad value stops start-up with one line naming it.
 * Everything on the server may read this file, so it imports none of it
 * but its own pieces in config/.
 */

/**
 * The password the demo admin gets on a local machine when ADMIN_PASSWORD is
 * unset. It is public (README), so a production server never creates it and
 * never accepts it at sign-in.
 */
export const DEMO_ADMIN_PASSWORD = 'emgen-admin';

export function isDemoPassword(password: string): boolean {
  return password === DEMO_ADMIN_PASSWORD;
}

/**
 * `scheme://host[:port]` of an http(s) URL with nothing after the host, in
 * the browser's spelling (lower case, default port dropped); else undefined.
 */
export function bareOrigin(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const bare =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !text.includes('?') &&
    !text.includes('#');
  return bare ? url.origin : undefined;
}

/** Comma-separated origins, each `scheme://host[:port]`, kept in the browser's spelling. */
const originList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine((o) => bareOrigin(o) !== undefined)
        .transform((o) => bareOrigin(o)!),
    ),
  );

const variables = {
  PORT: {
    expect: 'a port number from 0 to 65535',
    schema: port,
    default: '8080',
    doc: 'HTTP port the server listens on',
  },
  HOST: {
    expect: 'a host name or address',
    schema: z.string().min(1),
    default: '127.0.0.1',
    doc: 'Interface to bind (0.0.0.0 for all)',
  },
  DATA_DIR: {
    expect: 'a directory path',
    schema: z.string().min(1),
    default: './data',
    doc: 'Uploaded files (unless BLOB_DIR or BLOB_STORE=s3 says otherwise), temp files, indexes, and the SQLite database unless DATABASE_URL is set',
  },
  DATABASE_URL: {
    expect: 'a postgres:// or postgresql:// URL',
    schema: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    default: undefined,
    doc: "PostgreSQL to keep the records in, e.g. `postgres://emgen:secret@db.example.org:5432/emgen` (unset: SQLite in DATA_DIR). Uploaded files' bytes go where BLOB_STORE says",
  },
  DATABASE_POOL_MAX: {
    expect: 'a positive whole number',
    schema: positiveInt,
    default: '10',
    doc: 'Most connections to DATABASE_URL this process holds at once',
  },
  DATABASE_SSL: {
    expect: 'one of disable, require, verify-full',
    schema: z.enum(['disable', 'require', 'verify-full']),
    default: 'disable',
    doc: 'TLS to DATABASE_URL: `require` encrypts without checking the certificate, `verify-full` also checks it and the host name against the system CAs (a private CA: `NODE_EXTRA_CA_CERTS`)',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    expect: 'a positive whole number of milliseconds',
    schema: positiveInt,
    default: '30000',
    doc: 'Longest a single PostgreSQL statement may run before the server cancels it',
  },
  ...clusterVariables,
  ...sharedStateVariables,
  ...queueVariables,
  ...blobVariables,
  PUBLIC_URL: {
    expect: 'an http(s) URL',
    schema: url.optional(),
    default: undefined,
    doc: 'External URL, e.g. https://emgen.example.org (unset: links are relative); https makes cookies Secure',
  },
  ADMIN_EMAIL: {
    expect: 'an email address',
    schema: z.email(),
    default: 'admin@emgen.local',
    doc: 'Seeded admin account (first start only)',
  },
  ADMIN_PASSWORD: {
    expect: 'at least 8 characters',
    schema: z.string().min(8).optional(),
    default: undefined,
    doc: 'Seeded admin password (first start only). Unset: `emgen-admin` on a local machine; in production a random one, printed once. Production refuses `emgen-admin`',
  },
  NODE_ENV: {
    expect: 'text',
    schema: z.string().optional(),
    default: undefined,
    doc: '`production` (or an https `PUBLIC_URL`) makes this a production server: no demo admin password, ever',
  },
  DEMO_SEED: {
    expect: '0 or 1',
    schema: bool,
    default: '1',
    doc: '0 starts with an empty database (no worlds, accounts or demo content)',
  },
  TRUST_PROXY: {
    expect: '0 or 1',
    schema: bool,
    default: '0',
    doc: 'Trust X-Forwarded-For / -Proto / -Host (set 1 only behind a reverse proxy, else clients could fake their address)',
  },
  ALLOWED_ORIGINS: {
    expect:
      'comma-separated origins such as https://emgen.example.org (scheme, host, optional port; no path)',
    schema: originList,
    default: undefined,
    doc: "More origins whose pages may open the sockets, comma-separated; always allowed: PUBLIC_URL's origin, or unset, the request's own host",
  },
  SESSION_TTL_HOURS: {
    expect: 'a whole number of hours',
    schema: positiveInt,
    default: '168',
    doc: 'How long a sign-in lasts',
  },
  OIDC_ISSUER: {
    expect: 'an http(s) URL',
    schema: url.optional(),
    default: undefined,
    doc: 'OpenID Connect issuer; with the next two and PUBLIC_URL, replaces the embedded portal (callback: PUBLIC_URL/portal/callback)',
  },
  OIDC_CLIENT_ID: {
    expect: 'non-empty',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: 'OIDC client id',
  },
  OIDC_CLIENT_SECRET: {
    expect: 'non-empty',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: 'OIDC client secret',
  },
  OIDC_TOKEN_AUTH_METHOD: {
    expect: 'client_secret_basic or client_secret_post',
    schema: z.enum(['client_secret_basic', 'client_secret_post']),
    default: 'client_secret_basic',
    doc: 'How the client secret is sent to the token endpoint (the OIDC default is basic)',
  },
  LLM_BASE_URL: {
    expect: 'an http(s) URL',
    schema: url.optional(),
    default: undefined,
    doc: 'OpenAI-compatible chat endpoint (unset: offline expert engine)',
  },
  LLM_API_KEY: {
    expect: 'text',
    schema: z.string().optional(),
    default: undefined,
    doc: 'API key for LLM_BASE_URL',
  },
  LLM_MODEL: {
    expect: 'a model name',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: 'Model name for LLM_BASE_URL',
  },
  EMBEDDINGS_BASE_URL: {
    expect: 'an http(s) URL',
    schema: url.optional(),
    default: undefined,
    doc: 'OpenAI-compatible embeddings endpoint (unset: built-in semantic index)',
  },
  EMBEDDINGS_API_KEY: {
    expect: 'text',
    schema: z.string().optional(),
    default: undefined,
    doc: 'API key for EMBEDDINGS_BASE_URL',
  },
  EMBEDDINGS_MODEL: {
    expect: 'a model name',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: 'Model name for EMBEDDINGS_BASE_URL',
  },
  STT_BASE_URL: {
    expect: 'an http(s) URL',
    schema: url.optional(),
    default: undefined,
    doc: 'OpenAI-compatible transcription endpoint for dictation: each utterance is POSTed as a WAV to STT_BASE_URL/audio/transcriptions (unset: pocketsphinx, offline)',
  },
  STT_API_KEY: {
    expect: 'text',
    schema: z.string().optional(),
    default: undefined,
    doc: 'API key for STT_BASE_URL (sent as a Bearer token)',
  },
  STT_MODEL: {
    expect: 'a model name',
    schema: z.string().min(1).optional(),
    default: undefined,
    doc: 'Model name for STT_BASE_URL, e.g. whisper-1',
  },
  POCKETSPHINX_BIN: {
    expect: 'a program name or path',
    schema: z.string().min(1),
    default: 'pocketsphinx_continuous',
    doc: 'Offline dictation recogniser (Debian package `pocketsphinx`), looked up on PATH unless a path; missing: dictation says it is not available',
  },
  POCKETSPHINX_MODEL_DIR: {
    expect: 'a directory path',
    schema: z.string().min(1),
    default: '/usr/share/pocketsphinx/model/en-us',
    doc: 'pocketsphinx model directory holding `en-us/`, `en-us.lm.bin` and `cmudict-en-us.dict` (Debian package `pocketsphinx-en-us`)',
  },
  STT_MAX_CONCURRENT: {
    expect: 'a positive whole number',
    schema: positiveInt,
    default: '2',
    doc: 'Most dictation utterances one user may have recognised at once; one more gets an error',
  },
  STT_MAX_UTTERANCE_SECONDS: {
    expect: 'a positive whole number of seconds',
    schema: positiveInt,
    default: '60',
    doc: 'Longest dictation utterance; past it the recogniser is stopped with an error',
  },
  STT_MAX_BUFFER_BYTES: {
    expect: 'a positive whole number of bytes',
    schema: positiveInt,
    default: String(4 * 1024 * 1024),
    doc: 'Most audio bytes one recognition may hold waiting for the recogniser (or for the upload to STT_BASE_URL); past it the utterance is dropped with an error',
  },
  STT_TIMEOUT_SECONDS: {
    expect: 'a positive whole number of seconds',
    schema: positiveInt,
    default: '30',
    doc: 'How long a dictation may go without audio, or wait for its final text after the end, before the recogniser is stopped',
  },
  WEB_SEARCH_URL: {
    expect: 'an http(s) URL',
    schema: url.optional(),
    default: undefined,
    doc: 'SearXNG-compatible JSON search endpoint (unset: web search tool reports it is not configured)',
  },
  ...mcpVariables,
  MAX_UPLOAD_BYTES: {
    expect: 'a positive whole number of bytes',
    schema: positiveInt,
    default: String(100 * 1024 * 1024),
    doc: 'Largest accepted upload, in bytes',
  },
  DRIVE_TRASH_RETENTION_DAYS: {
    expect: 'a whole number of days, at least 1',
    schema: z.coerce.number().int().min(1).max(36500),
    default: '30',
    doc: 'Days a deleted drive file (Undo brings it back meanwhile) and a replaced version of a file are kept before they and their bytes are removed',
  },
  EXTRACT_TIMEOUT_MS: {
    expect: 'a positive whole number of milliseconds',
    schema: positiveInt,
    default: '20000',
    doc: 'Longest text extraction of one uploaded file (it runs in a worker thread, off the event loop); past it the file is kept but marked "Not indexed"',
  },
  EXTRACT_MEMORY_MB: {
    expect: 'a whole number of MB, at least 32',
    schema: z.coerce.number().int().min(32),
    default: '256',
    doc: 'Memory (JavaScript heap, in MB) the text extraction of one file may use; past it the file is kept but marked "Not indexed"',
  },
  EXTRACT_MAX_BYTES: {
    expect: 'a positive whole number of bytes',
    schema: positiveInt,
    default: String(100 * 1024 * 1024),
    doc: 'Largest PDF read for text, in bytes (a larger one is kept but marked "Not indexed"); other files are indexed from their first 8 MB at most',
  },
  LOG_LEVEL: {
    expect: 'one of fatal, error, warn, info, debug, trace, silent',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    doc: 'Server log level',
  },
  REMOTE_DEVTOOLS: {
    expect: 'host:port',
    schema: z
      .string()
      .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/)
      .optional(),
    default: undefined,
    doc: 'A `@redux-devtools/cli` server browsers may report to (the Content-Security-Policy allows ws:// and wss:// to it); see Developers: Redux DevTools',
  },
} as const;

type Variables = typeof variables;
type Parsed = { [K in keyof Variables]: z.output<Variables[K]['schema']> };

export interface Config extends Omit<Parsed, 'PUBLIC_URL' | 'DATA_DIR'> {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** Milliseconds between server.heartbeat frames (tests shorten it). */
  heartbeatMs: number;
  /** NODE_ENV=production or an https PUBLIC_URL: others can reach it, so no known passwords. */
  production: boolean;
  /**
   * Milliseconds between checks of every open socket's session and world
   * access, which catch changes made by another process (the users CLI);
   * tests shorten it.
   */
  accessSweepMs: number;
  /** The embedded sign-in portal, or the OIDC front door when configured. */
  loginUrl: string;
  oidcEnabled: boolean;
}

export class ConfigError extends Error {}

export const configDocs = Object.entries(variables).map(([name, v]) => ({
  name,
  default: v.default,
  doc: v.doc,
}));

const groups: [string, string[]][] = [
  // The provider redirects back to an absolute callback URL, so OIDC needs PUBLIC_URL.
  ['OIDC_ISSUER', ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL']],
  ['LLM_BASE_URL', ['LLM_MODEL']],
  ['EMBEDDINGS_BASE_URL', ['EMBEDDINGS_MODEL']],
  ['STT_BASE_URL', ['STT_MODEL']],
];

/** Variables whose URL may carry a password. */
const SECRET_URLS = new Set(['DATABASE_URL', 'REDIS_URL']);

/** Shown in an error: a URL's password never reaches a log. */
function shown(name: string, raw: unknown): string {
  if (!SECRET_URLS.has(name) || typeof raw !== 'string') return JSON.stringify(raw);
  return JSON.stringify(raw.replace(/^([^:/]+:\/\/[^:@/]*):[^@/]*@/, '$1:***@'));
}

/** TLS is set by DATABASE_SSL alone: the driver would let the URL's ssl parameters override it. */
function checkDatabaseUrl(url: string | undefined): void {
  if (!url) return;
  const params = [...new URL(url).searchParams.keys()].filter((k) => k.startsWith('ssl'));
  if (params.length) {
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL must not set ${params.join(', ')}: use DATABASE_SSL (disable, require or verify-full)`,
    );
  }
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(variables)) {
    const raw = env[name] === '' ? undefined : (env[name] ?? v.default);
    const result = (v.schema as z.ZodType).safeParse(raw);
    if (!result.success) {
      throw new ConfigError(
        `Invalid configuration: ${name} must be ${v.expect} (got ${shown(name, raw)})`,
      );
    }
    out[name] = result.data;
  }
  for (const [lead, needs] of groups) {
    if (!out[lead]) continue;
    for (const need of needs) {
      if (!out[need])
        throw new ConfigError(`Invalid configuration: ${need} is required when ${lead} is set`);
    }
  }
  const parsed = out as Parsed;
  checkDatabaseUrl(parsed.DATABASE_URL);
  const blobProblem = blobConfigProblem(parsed);
  if (blobProblem) throw new ConfigError(`Invalid configuration: ${blobProblem}`);
  const mcpProblem = mcpConfigProblem(parsed);
  if (mcpProblem) throw new ConfigError(`Invalid configuration: ${mcpProblem}`);
  // Without PUBLIC_URL, links stay relative so any host name the browser used keeps working.
  const publicUrl = (parsed.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const production = parsed.NODE_ENV === 'production' || publicUrl.startsWith('https://');
  if (production && parsed.ADMIN_PASSWORD && isDemoPassword(parsed.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration: ADMIN_PASSWORD must not be the demo password on a production server (unset it for a random one)',
    );
  }
  return {
    ...parsed,
    DATA_DIR: path.resolve(parsed.DATA_DIR),
    PUBLIC_URL: publicUrl,
    production,
    heartbeatMs: 30_000,
    accessSweepMs: 3_000,
    loginUrl: `${publicUrl}/portal`,
    oidcEnabled: Boolean(parsed.OIDC_ISSUER),
    ...overrides,
  };
}
