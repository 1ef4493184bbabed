import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { checkDatabaseReachable } from '../../../server/store/postgres';
import { PASSWORD_LOGIN_GROUP } from '../../support/postgres';
import { pgTest } from '../../support/postgresTest';

const configFor = (url: string) => loadConfig({ DATABASE_URL: url });

/** A port nobody listens on: bound, read, closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function failure(url: string): Promise<ConfigError> {
  const err = await checkDatabaseReachable(configFor(url)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigError);
  const message = (err as ConfigError).message;
  expect(message.split('\n')).toHaveLength(1);
  expect(message).toMatch(/^Invalid configuration: DATABASE_URL: /);
  return err as ConfigError;
}

describe('checkDatabaseReachable', () => {
  it('does nothing without DATABASE_URL (SQLite)', async () => {
    await expect(checkDatabaseReachable(loadConfig({}))).resolves.toBeUndefined();
  });

  it('stops on a closed port with one line naming the variable', async () => {
    const port = await closedPort();
    const err = await failure(`postgres://emgen:secret@127.0.0.1:${port}/emgen`);
    expect(err.message).toBe(
      `Invalid configuration: DATABASE_URL: no PostgreSQL server answers at 127.0.0.1:${port}/emgen (connection refused)`,
    );
    expect(err.message).not.toContain('secret');
  });

  it('stops on a host name that does not resolve', async () => {
    const err = await failure('postgres://emgen@no-such-host.invalid:5432/emgen');
    expect(err.message).toBe(
      'Invalid configuration: DATABASE_URL: the host of no-such-host.invalid:5432/emgen cannot be found',
    );
  });

  pgTest('passes on the real server', async ({ pgUrl }) => {
    await expect(checkDatabaseReachable(configFor(pgUrl))).resolves.toBeUndefined();
  });

  pgTest('stops on a database that does not exist', async ({ pgAdminUrl }) => {
    const url = new URL(pgAdminUrl);
    url.pathname = '/no_such_database';
    const err = await failure(url.toString());
    expect(err.message).toBe(
      `Invalid configuration: DATABASE_URL: database "no_such_database" does not exist on ${url.host}`,
    );
  });

  pgTest('stops when the server refuses the password', async ({ pgAdminUrl, pgUrl }) => {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(
      `CREATE ROLE emgen_app LOGIN PASSWORD 'right-password' IN ROLE ${PASSWORD_LOGIN_GROUP}`,
    );
    await admin.end();
    const url = new URL(pgUrl);
    url.username = 'emgen_app';
    url.password = 'right-password';
    await expect(checkDatabaseReachable(configFor(url.toString()))).resolves.toBeUndefined();
    url.password = 'wrong-password';
    const err = await failure(url.toString());
    expect(err.message).toBe(
      `Invalid configuration: DATABASE_URL: the server at ${url.host}${url.pathname} refused the sign-in: password authentication failed for user "emgen_app"`,
    );
    expect(err.message).not.toContain('wrong-password');
  });

  pgTest(
    'stops when the server does not speak TLS and DATABASE_SSL requires it',
    async ({ pgUrl }) => {
      const err = await checkDatabaseReachable(
        loadConfig({ DATABASE_URL: pgUrl, DATABASE_SSL: 'require' }),
      ).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toMatch(
        /^Invalid configuration: DATABASE_URL: cannot connect to .*: The server does not support SSL connections$/,
      );
    },
  );
});
