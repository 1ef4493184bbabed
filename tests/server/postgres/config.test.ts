import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('database configuration', () => {
  it('defaults to SQLite in DATA_DIR, with PostgreSQL settings ready for DATABASE_URL', () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_URL: undefined,
      DATABASE_POOL_MAX: 10,
      DATABASE_SSL: 'disable',
      DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
    });
  });

  it('takes postgres:// and postgresql:// URLs and the other settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://emgen:pw@db.example.org:6432/emgen',
      DATABASE_POOL_MAX: '25',
      DATABASE_SSL: 'verify-full',
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
    });
    expect(config).toMatchObject({
      DATABASE_URL: 'postgresql://emgen:pw@db.example.org:6432/emgen',
      DATABASE_POOL_MAX: 25,
      DATABASE_SSL: 'verify-full',
      DATABASE_STATEMENT_TIMEOUT_MS: 5000,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/emgen' }).DATABASE_URL).toBe(
      'postgres://localhost/emgen',
    );
  });

  it.each([
    [
      { DATABASE_URL: 'mysql://db.example.org/emgen' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db.example.org/emgen")',
    ],
    [
      { DATABASE_URL: 'postgres://emgen:s3cret@db example/emgen' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "postgres://emgen:***@db example/emgen")',
    ],
    [
      { DATABASE_URL: 'postgres://db.example.org/emgen?sslmode=require' },
      'Invalid configuration: DATABASE_URL must not set sslmode: use DATABASE_SSL (disable, require or verify-full)',
    ],
    [
      { DATABASE_POOL_MAX: '0' },
      'Invalid configuration: DATABASE_POOL_MAX must be a positive whole number (got "0")',
    ],
    [
      { DATABASE_SSL: 'prefer' },
      'Invalid configuration: DATABASE_SSL must be one of disable, require, verify-full (got "prefer")',
    ],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '1.5' },
      'Invalid configuration: DATABASE_STATEMENT_TIMEOUT_MS must be a positive whole number of milliseconds (got "1.5")',
    ],
  ])('stops with one line naming the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
