import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage } from '../../../protocol';
import { hashPassword } from '../../../server/auth/password';
import { ADMIN, Client, startTestServer, type TestServer } from '../harness';

let server: TestServer;
let admin: Client;
let member: Client;
const WORLD = { headers: { 'X-World-Id': 'innovation-lab' } };

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.store.users.create({
    email: 'member@test.local',
    name: 'Mia Member',
    passwordHash: await hashPassword('member-password'),
  });
  await server.store.users.grant(user.id, 'innovation-lab', false);
  admin = new Client(server.url);
  await admin.signIn();
  member = new Client(server.url);
  await member.signIn('member@test.local', 'member-password');
});
afterAll(() => server.close());

const texts = async (client: Client) =>
  ((await client.request('GET', '/api/console', WORLD)).body.messages as ConsoleMessage[]).map(
    (m) => m.message,
  );

describe('the world console and email addresses', () => {
  beforeAll(async () => {
    expect((await admin.request('GET', '/api/console/clear', WORLD)).status).toBe(200);
    // What an app or a failing tool may write: an address that is nobody's account here.
    await server.store.console.append('innovation-lab', {
      app_name: 'mailer',
      from: 'event',
      message: 'Bounced: Outside.Person+tag@mail.example.org, then member@test.local',
    });
  });

  it('shows members the account name, or [email hidden], never an address', async () => {
    const seen = await texts(member);
    expect(seen).toContain('Console cleared by Administrator');
    expect(seen).toContain('Bounced: [email hidden], then Mia Member');
    expect(seen.join('\n')).not.toMatch(/@/);
  });

  it('shows admins the addresses as written', async () => {
    const seen = await texts(admin);
    expect(seen).toContain(`Console cleared by ${ADMIN.email}`);
    expect(seen).toContain('Bounced: Outside.Person+tag@mail.example.org, then member@test.local');
  });
});
