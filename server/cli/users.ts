import { parseArgs } from 'node:util';
import { hashPassword } from '../auth/password';
import { newTotp } from '../auth/totp';
import { noRevocations, type Revocations } from '../cog/revocations';
import { UserError } from '../cog/userError';
import { isDemoPassword } from '../config';
import type { Store } from '../store';
import { APP_NAME_PATTERN } from '../store/appTokens';
import type { UserRow } from '../store/users';
import { WORLD_ID_PATTERN } from '../store/worlds';

export const USAGE = `Usage: npm run users -- <command> [arguments]

  list                                   accounts, their worlds (* = admin) and PIN state
  add <email> [--name N] [--password P] [--world W[:admin]]...
                                         create an account (asks for the password on a terminal)
  set-password <email> [--password P]    set a password; ends the account's sessions
  grant <email> <world> [--admin]        let the account enter a world (as admin with --admin)
  revoke <email> <world>                 take a world away
  enable-pin <email>                     require a one-time code (TOTP); prints the secret
  disable-pin <email>                    stop requiring the code
  worlds                                 list worlds
  add-world <id> <name>                  create a world (id: letters, digits, - and _)
  app-token <app-name> <world>           create (or replace) the token a remote app connects with;
                                         printed once, only its hash is kept
  app-tokens                             list app tokens (app, world, created, last used)
  revoke-app-token <app-name> <world>    revoke an app's token`;

export interface CliIo {
  out(line: string): void;
  /** Asks for a secret on a terminal; undefined when there is none. */
  askSecret?(question: string): Promise<string>;
}

const MIN_PASSWORD = 8;

async function userOrFail(store: Store, email: string | undefined): Promise<UserRow> {
  if (!email) throw new UserError('An email is required.');
  const user = await store.users.byEmail(email);
  if (!user) throw new UserError(`No account with email ${email}.`);
  return user;
}

async function worldOrFail(store: Store, worldId: string | undefined): Promise<string> {
  if (!worldId) throw new UserError('A world id is required.');
  if (!(await store.worlds.byId(worldId)))
    throw new UserError(`No world "${worldId}". See: npm run users -- worlds`);
  return worldId;
}

function appNameOrFail(name: string | undefined): string {
  if (!name || !APP_NAME_PATTERN.test(name))
    throw new UserError('An app name of letters, digits, ., - and _ is required.');
  return name;
}

async function passwordFrom(given: string | undefined, io: CliIo): Promise<string> {
  const password = given ?? (io.askSecret ? await io.askSecret('Password: ') : undefined);
  if (password === undefined) throw new UserError('--password is required when not on a terminal.');
  if (password.length < MIN_PASSWORD) {
    throw new UserError(`The password must be at least ${MIN_PASSWORD} characters.`);
  }
  if (isDemoPassword(password))
    throw new UserError('That is the demo password everyone knows; choose another.');
  return password;
}

/**
 * Runs one account command against the store; throws UserError with a clear
 * message on bad input. Changes that take access away are published to
 * `revocations`; a server on the same database that does not hear them (the
 * in-process default cannot cross processes) finds them itself within
 * seconds, since its open sockets re-check the store.
 */
export async function runUsersCommand(
  argv: string[],
  store: Store,
  io: CliIo,
  revocations: Revocations = noRevocations,
): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      password: { type: 'string' },
      world: { type: 'string', multiple: true },
      admin: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    io.out(USAGE);
    return;
  }
  switch (command) {
    case 'list': {
      for (const u of await store.users.list()) {
        const worlds = (await store.users.worlds(u.id)).map(
          (w) => `${w.world_id}${w.is_admin ? '*' : ''}`,
        );
        io.out(
          `${u.email}\t${u.name}\t${worlds.join(',') || '(no worlds)'}\tpin:${u.totp_secret ? 'on' : 'off'}`,
        );
      }
      return;
    }
    case 'add': {
      const email = args[0];
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email))
        throw new UserError('A valid email is required.');
      if (await store.users.byEmail(email))
        throw new UserError(`An account with email ${email} already exists.`);
      const grants: { id: string; admin: boolean }[] = [];
      for (const w of values.world ?? []) {
        const [id, role] = w.split(':');
        if (role !== undefined && role !== 'admin')
          throw new UserError(`Unknown role "${role}" in --world ${w}.`);
        grants.push({ id: await worldOrFail(store, id), admin: role === 'admin' });
      }
      const passwordHash = await hashPassword(await passwordFrom(values.password, io));
      const user = await store.users.create({
        email,
        name: values.name ?? email.split('@')[0]!,
        passwordHash,
      });
      for (const g of grants) await store.users.grant(user.id, g.id, g.admin);
      io.out(
        `Created ${email}${grants.length ? ` with access to ${grants.map((g) => g.id).join(', ')}` : ' (no worlds yet: use grant)'}.`,
      );
      return;
    }
    case 'set-password': {
      const user = await userOrFail(store, args[0]);
      await store.users.setPasswordHash(
        user.id,
        await hashPassword(await passwordFrom(values.password, io)),
      );
      await store.sessions.deleteForUser(user.id);
      revocations.publish({ kind: 'user', userId: user.id });
      io.out(`Password of ${user.email} changed; its sessions were ended.`);
      return;
    }
    case 'grant': {
      const user = await userOrFail(store, args[0]);
      const world = await worldOrFail(store, args[1]);
      await store.users.grant(user.id, world, Boolean(values.admin));
      io.out(`${user.email} may now enter ${world}${values.admin ? ' as an admin' : ''}.`);
      return;
    }
    case 'revoke': {
      const user = await userOrFail(store, args[0]);
      const world = await worldOrFail(store, args[1]);
      if (!(await store.users.revoke(user.id, world)))
        throw new UserError(`${user.email} had no access to ${world}.`);
      revocations.publish({ kind: 'world-access', userId: user.id, worldId: world });
      io.out(`${user.email} may no longer enter ${world}.`);
      return;
    }
    case 'enable-pin': {
      const user = await userOrFail(store, args[0]);
      const { secret, uri } = newTotp(user.email);
      await store.users.setTotpSecret(user.id, secret);
      io.out(`PIN required for ${user.email}. Add this to an authenticator app:`);
      io.out(`secret: ${secret}`);
      io.out(`uri: ${uri}`);
      return;
    }
    case 'disable-pin': {
      const user = await userOrFail(store, args[0]);
      await store.users.setTotpSecret(user.id, null);
      io.out(`PIN no longer required for ${user.email}.`);
      return;
    }
    case 'worlds': {
      for (const w of await store.worlds.list()) io.out(`${w.id}\t${w.name}`);
      return;
    }
    case 'add-world': {
      const [id, ...nameParts] = args;
      if (!id || !WORLD_ID_PATTERN.test(id)) {
        throw new UserError('A world id of letters, digits, - and _ is required.');
      }
      if (await store.worlds.byId(id)) throw new UserError(`World "${id}" already exists.`);
      const name = nameParts.join(' ').trim();
      if (!name) throw new UserError('A world name is required.');
      await store.worlds.create(id, name);
      io.out(`Created world ${id} (${name}).`);
      return;
    }
    case 'app-token': {
      const app = appNameOrFail(args[0]);
      const world = await worldOrFail(store, args[1]);
      const token = await store.appTokens.create(app, world);
      // A replaced token is a revoked one: the app connected with it is disconnected.
      revocations.publish({ kind: 'app-token', appName: app, worldId: world });
      io.out(`Token for app ${app} in ${world} (shown once; keep it secret):`);
      io.out(token);
      return;
    }
    case 'app-tokens': {
      const rows = await store.appTokens.list();
      if (!rows.length) io.out('(no app tokens)');
      for (const t of rows)
        io.out(
          `${t.app_name}\t${t.world_id}\tcreated ${t.created_at}\tused ${t.last_used_at ?? 'never'}`,
        );
      return;
    }
    case 'revoke-app-token': {
      const app = appNameOrFail(args[0]);
      const world = await worldOrFail(store, args[1]);
      if (!(await store.appTokens.revoke(app, world)))
        throw new UserError(`App ${app} had no token for ${world}.`);
      revocations.publish({ kind: 'app-token', appName: app, worldId: world });
      io.out(`Token of app ${app} in ${world} revoked.`);
      return;
    }
    default:
      throw new UserError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}
