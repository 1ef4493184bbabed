import { HEADER_WORLD_ID } from '../../protocol';
import { hashPassword } from '../../server/auth/password';
import { ADMIN, Client, type TestServer } from './harness';

export const LAB = 'innovation-lab';
export const ACME = 'acme_research';

let made = 0;

/** A fresh account in these worlds (admin of those marked), signed in on its own client. */
export async function account(
  server: TestServer,
  worlds: { world: string; admin?: boolean }[] = [{ world: LAB }],
  prefix = 'person',
) {
  const email = `${prefix}${++made}@people.test`;
  const password = 'person-password-1';
  const user = await server.store.users.create({
    email,
    name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${made}`,
    passwordHash: await hashPassword(password),
  });
  for (const w of worlds) await server.store.users.grant(user.id, w.world, Boolean(w.admin));
  const client = new Client(server.url);
  const signed = await client.signIn(email, password);
  if (signed.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signed.body)}`);
  return { email, password, id: user.id, client };
}

/** The seeded global administrator, signed in. */
export async function globalAdmin(server: TestServer) {
  const client = new Client(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  const id = (await server.store.users.byEmail(ADMIN.email))!.id;
  return { client, id, email: ADMIN.email };
}

/** A call as the admin pages make it: in a world (X-World-Id), JSON, with the CSRF header. */
export function call(
  client: Client,
  method: string,
  url: string,
  opts: { body?: unknown; world?: string; csrf?: boolean } = {},
) {
  return client.request(method, url, {
    body: opts.body,
    csrf: opts.csrf,
    headers: opts.world ? { [HEADER_WORLD_ID]: opts.world } : {},
  });
}
