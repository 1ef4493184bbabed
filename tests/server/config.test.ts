import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has a documented default for everything a fresh machine needs', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DEMO_SEED: true,
      ADMIN_EMAIL: 'admin@emgen.local',
      LOG_LEVEL: 'info',
      loginUrl: '/portal',
      oidcEnabled: false,
    });
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it.each([
    [
      { PORT: 'abc' },
      'Invalid configuration: PORT must be a port number from 0 to 65535 (got "abc")',
    ],
    [{ DEMO_SEED: 'maybe' }, 'Invalid configuration: DEMO_SEED must be 0 or 1 (got "maybe")'],
    [
      { PUBLIC_URL: 'ftp://x' },
      'Invalid configuration: PUBLIC_URL must be an http(s) URL (got "ftp://x")',
    ],
    [
      { ADMIN_PASSWORD: 'short' },
      'Invalid configuration: ADMIN_PASSWORD must be at least 8 characters (got "short")',
    ],
    [
      { OIDC_ISSUER: 'https://id.example' },
      'Invalid configuration: OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
    ],
    [
      { EXTRACT_MEMORY_MB: '8' },
      'Invalid configuration: EXTRACT_MEMORY_MB must be a whole number of MB, at least 32 (got "8")',
    ],
    [
      { REDIS_URL: 'http://redis.example.org:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "http://redis.example.org:6379")',
    ],
    [
      // Never the password, even in the line that refuses the URL.
      { REDIS_URL: 'redis://:s3cret@redis example:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "redis://:***@redis example:6379")',
    ],
    [
      { LLM_BASE_URL: 'http://localhost:11434/v1' },
      'Invalid configuration: LLM_MODEL is required when LLM_BASE_URL is set',
    ],
    ...['*', 'https://a.example/path', 'app.example.org', 'https://a.example,ftp://b.example'].map(
      (v): [Record<string, string>, string] => [
        { ALLOWED_ORIGINS: v },
        `Invalid configuration: ALLOWED_ORIGINS must be comma-separated origins such as https://emgen.example.org (scheme, host, optional port; no path) (got ${JSON.stringify(v)})`,
      ],
    ),
  ])('stops with one line naming the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('makes the login URL absolute when PUBLIC_URL is set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://emgen.example.org/' }).loginUrl).toBe(
      'https://emgen.example.org/portal',
    );
  });

  it('reads ALLOWED_ORIGINS as a list of origins in the browser’s spelling', () => {
    expect(loadConfig({}).ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadConfig({
        ALLOWED_ORIGINS: ' https://Chat.Example.org/ , http://localhost:5173,https://a.example:443',
      }).ALLOWED_ORIGINS,
    ).toEqual(['https://chat.example.org', 'http://localhost:5173', 'https://a.example']);
  });
});
