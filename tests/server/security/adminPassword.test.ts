import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPasswordRefused } from '../../../server/auth/adminPassword';
import { hashPassword } from '../../../server/auth/password';
import { ConfigError, DEMO_ADMIN_PASSWORD, loadConfig } from '../../../server/config';
import { SIGN_IN_REFUSED } from '../../../server/http/auth';
import { startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { Client, startTestServer, type TestServer } from '../harness';

describe('the demo admin password on a production server', () => {
  it('is refused as ADMIN_PASSWORD with one line naming the variable', () => {
    for (const env of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://emgen.example.org' }]) {
      expect(() => loadConfig({ ...env, ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD })).toThrow(
        new ConfigError(
          'Invalid configuration: ADMIN_PASSWORD must not be the demo password on a production server (unset it for a random one)',
        ),
      );
    }
    expect(loadConfig({ ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD }).production).toBe(false);
  });

  describe('first start without ADMIN_PASSWORD', () => {
    let proc: ServerProcess;
    beforeAll(async () => {
      proc = await startServerProcess({ NODE_ENV: 'production', ADMIN_PASSWORD: '' });
    }, 40_000);
    afterAll(() => proc?.stop());

    it('creates a random password, prints it once, and only that one signs in', async () => {
      const printed = proc.output();
      const password = /password: (\S+)/.exec(printed)?.[1];
      expect(password).toMatch(/^[\w-]{24}$/);
      expect(password).not.toBe(DEMO_ADMIN_PASSWORD);
      const email = /email:\s+(\S+)/.exec(printed)?.[1];
      const demo = await new Client(proc.url).signIn(email, DEMO_ADMIN_PASSWORD);
      expect(demo.status).toBe(401);
      expect(demo.body.error).toBe(SIGN_IN_REFUSED);
      expect((await new Client(proc.url).signIn(email, password)).status).toBe(200);
    });
  });

  describe('an account that still has the demo password', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ production: true });
      const user = await server.store.users.create({
        email: 'old-admin@test.local',
        name: 'Old Admin',
        passwordHash: await hashPassword(DEMO_ADMIN_PASSWORD),
      });
      await server.store.users.grant(user.id, 'innovation-lab', true);
    });
    afterAll(() => server.close());

    it('cannot sign in, and is told how to set a new password', async () => {
      const res = await new Client(server.url).signIn('old-admin@test.local', DEMO_ADMIN_PASSWORD);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(demoPasswordRefused('old-admin@test.local'));
      expect(res.headers.get('set-cookie') ?? '').not.toMatch(/emgen_session=[^;]/);
    });
  });
});
