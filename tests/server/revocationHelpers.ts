import { spawn } from 'node:child_process';
import { hashPassword } from '../../server/auth/password';
import { runUsersCommand } from '../../server/cli/users';
import type { Revocations } from '../../server/cog/revocations';
import { Client, openTestStore, storeEnv, type TestServer } from './harness';

export const WORLD = 'innovation-lab';
export const WORKSPACE = 'innovation-lab-welcome';

let accounts = 0;

/** A fresh account with access to WORLD, signed in; each test gets its own so revocations stay apart. */
export async function newMember(server: TestServer, worlds: string[] = [WORLD]) {
  const email = `member${++accounts}@revoke.test`;
  const password = 'member-password-1';
  const user = await server.store.users.create({
    email,
    name: `Member ${accounts}`,
    passwordHash: await hashPassword(password),
  });
  for (const w of worlds) await server.store.users.grant(user.id, w, false);
  const client = new Client(server.url);
  const signed = await client.signIn(email, password);
  if (signed.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signed.body)}`);
  return { email, password, userId: user.id, client };
}

/**
 * `npm run users -- …` as the command line runs it: its own connection to the
 * server's database and, by default, nobody in the server's process told.
 */
export async function usersCli(
  server: TestServer,
  argv: string[],
  revocations?: Revocations,
): Promise<string[]> {
  const store = await openTestStore(server.dataDir);
  const lines: string[] = [];
  try {
    await runUsersCommand(argv, store, { out: (l) => lines.push(l) }, revocations);
  } finally {
    await store.close();
  }
  return lines;
}

/** `npm run users -- …` as a real process on the server's DATA_DIR (what an admin types). */
export function usersProcess(server: TestServer, argv: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/users.ts', ...argv], {
    env: storeEnv(server),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`users exited with ${code}: ${output}`)),
    ),
  );
}

/** The promise's value, or a failure naming `what` when it takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Lets frames in flight arrive (or not) before asserting that nothing came. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
