import { parseArgs } from 'node:util';
import { Audit, CLI_ACTOR } from '../cog/audit';
import { noRevocations, type Revocations } from '../cog/revocations';
import { UserError } from '../cog/userError';
import {
  addAccount,
  deleteAccount,
  resetPassword,
  setDisabled,
  setGlobalAdmin,
  setPassword,
  setPinRequired,
} from '../people/accounts';
import type { Acting } from '../people/authority';
import { accountByEmail, worldOrFail, type PeopleDeps } from '../people/deps';
import { checkNewPassword } from '../people/passwords';
import { createWorld, grantWorld, renameWorld, revokeWorld } from '../people/worldAccess';
import type { Store } from '../store';
import { APP_NAME_PATTERN } from '../store/appTokens';

export const USAGE = `Usage: npm run users -- <command> [arguments]

  list                                   accounts, their worlds (* = admin) and PIN state
  add <email> [--name N] [--password P] [--world W[:admin]]...
                                         create an account (asks for the password on a terminal)
  set-password <email> [--password P]    set a password; ends the account's sessions
  reset-password <email>                 a temporary password, printed once; the next sign-in
                                         asks for a new one; ends the account's sessions
  disable <email>                        the account cannot sign in; its sessions end
  enable <email>                         it can sign in again
  delete <email> --yes                   delete the account (its workspaces stay in their worlds)
  grant <email> <world> [--admin]        let the account enter a world (as admin with --admin)
  revoke <email> <world>                 take a world away
  global-admin <email> [--off]           administer every account and world (--off: no longer)
  enable-pin <email>                     require a one-time code (TOTP); prints the secret
  disable-pin <email>                    stop requiring the code
  worlds                                 list worlds
  add-world <id> <name>                  create a world (id: letters, digits, - and _)
  rename-world <id> <name>               give a world another name
  app-token <app-name> <world>           create (or replace) the token a remote app connects with;
                                         printed once, only its hash is kept
  app-tokens                             list app tokens (app, world, created, last used)
  revoke-app-token <app-name> <world>    revoke an app's token

Every change is recorded in the audit log (/admin/audit) as done from the command line.`;

export interface CliIo {
  out(line: string): void;
  /** Asks for a secret on a terminal; undefined when there is none. */
  askSecret?(question: string): Promise<string>;
}

function appNameOrFail(name: string | undefined): string {
  if (!name || !APP_NAME_PATTERN.test(name))
    throw new UserError('An app name of letters, digits, ., - and _ is required.');
  return name;
}

async function passwordFrom(given: string | undefined, io: CliIo): Promise<string> {
  const password = given ?? (io.askSecret ? await io.askSecret('Password: ') : undefined);
  if (password === undefined) throw new UserError('--password is required when not on a terminal.');
  return checkNewPassword(password);
}

/** The command line acts with every right: whoever runs it holds the database. */
const CLI: Acting = { authority: { kind: 'cli' }, actor: CLI_ACTOR };

/**
 * Runs one account command against the store; throws UserError with a clear
 * message on bad input. The operations are the ones /admin/users runs
 * (server/people), so both keep the same rules and write the same audit log.
 * Changes that take access away are published to `revocations`; a server on
 * the same database that does not hear them (the in-process default cannot
 * cross processes) finds them itself within seconds, since its open sockets
 * re-check the store.
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
      off: { type: 'boolean' },
      yes: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    io.out(USAGE);
    return;
  }
  const audit = new Audit(store);
  const deps: PeopleDeps = { store, revocations, audit };
  const account = () => accountByEmail(store, args[0]);
  switch (command) {
    case 'list': {
      for (const u of await store.users.list()) {
        const worlds = (await store.users.worlds(u.id)).map(
          (w) => `${w.world_id}${w.is_admin ? '*' : ''}`,
        );
        const flags = [
          Number(u.global_admin) === 1 ? 'global-admin' : '',
          u.disabled_at ? 'disabled' : '',
        ].filter(Boolean);
        io.out(
          `${u.email}\t${u.name}\t${worlds.join(',') || '(no worlds)'}\tpin:${u.totp_secret ? 'on' : 'off'}${flags.length ? `\t${flags.join(' ')}` : ''}`,
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
      const grants: { worldId: string; admin: boolean }[] = [];
      for (const w of values.world ?? []) {
        const [id, role] = w.split(':');
        if (role !== undefined && role !== 'admin')
          throw new UserError(`Unknown role "${role}" in --world ${w}.`);
        grants.push({ worldId: await worldOrFail(store, id), admin: role === 'admin' });
      }
      await addAccount(deps, CLI, {
        email,
        name: values.name,
        password: await passwordFrom(values.password, io),
        worlds: grants,
      });
      io.out(
        `Created ${email}${grants.length ? ` with access to ${grants.map((g) => g.worldId).join(', ')}` : ' (no worlds yet: use grant)'}.`,
      );
      return;
    }
    case 'set-password': {
      const user = await account();
      await setPassword(deps, CLI, user.id, await passwordFrom(values.password, io));
      io.out(`Password of ${user.email} changed; its sessions were ended.`);
      return;
    }
    case 'reset-password': {
      const user = await account();
      const { temporaryPassword } = await resetPassword(deps, CLI, user.id);
      io.out(`Temporary password of ${user.email} (shown once; its sessions were ended):`);
      io.out(temporaryPassword);
      io.out('The next sign-in asks for a new password.');
      return;
    }
    case 'disable':
    case 'enable': {
      const user = await account();
      await setDisabled(deps, CLI, user.id, command === 'disable');
      io.out(
        command === 'disable'
          ? `${user.email} is disabled; its sessions were ended.`
          : `${user.email} may sign in again.`,
      );
      return;
    }
    case 'delete': {
      const user = await account();
      if (!values.yes)
        throw new UserError(`Deleting ${user.email} cannot be undone: add --yes to confirm.`);
      await deleteAccount(deps, CLI, user.id, user.email);
      io.out(`Deleted ${user.email}; workspaces it created stay in their worlds.`);
      return;
    }
    case 'grant': {
      const user = await account();
      const world = await worldOrFail(store, args[1]);
      await grantWorld(deps, CLI, user.id, world, Boolean(values.admin));
      io.out(`${user.email} may now enter ${world}${values.admin ? ' as an admin' : ''}.`);
      return;
    }
    case 'revoke': {
      const user = await account();
      const world = await worldOrFail(store, args[1]);
      await revokeWorld(deps, CLI, user.id, world);
      io.out(`${user.email} may no longer enter ${world}.`);
      return;
    }
    case 'global-admin': {
      const user = await account();
      await setGlobalAdmin(deps, CLI, user.id, !values.off);
      io.out(
        values.off
          ? `${user.email} is no longer a global administrator.`
          : `${user.email} now administers every account and world.`,
      );
      return;
    }
    case 'enable-pin': {
      const user = await account();
      const { totp } = await setPinRequired(deps, CLI, user.id, true);
      io.out(`PIN required for ${user.email}. Add this to an authenticator app:`);
      io.out(`secret: ${totp!.secret}`);
      io.out(`uri: ${totp!.uri}`);
      return;
    }
    case 'disable-pin': {
      const user = await account();
      await setPinRequired(deps, CLI, user.id, false);
      io.out(`PIN no longer required for ${user.email}.`);
      return;
    }
    case 'worlds': {
      for (const w of await store.worlds.list()) io.out(`${w.id}\t${w.name}`);
      return;
    }
    case 'add-world': {
      const [id, ...nameParts] = args;
      const world = await createWorld(deps, CLI, id ?? '', nameParts.join(' '));
      io.out(`Created world ${world.id} (${world.name}).`);
      return;
    }
    case 'rename-world': {
      const [id, ...nameParts] = args;
      const world = await renameWorld(deps, CLI, await worldOrFail(store, id), nameParts.join(' '));
      io.out(`World ${world.id} is now called ${world.name}.`);
      return;
    }
    case 'app-token': {
      const app = appNameOrFail(args[0]);
      const world = await worldOrFail(store, args[1]);
      const token = await store.appTokens.create(app, world);
      // A replaced token is a revoked one: the app connected with it is disconnected.
      revocations.publish({ kind: 'app-token', appName: app, worldId: world });
      await audit.record({
        action: 'app-token-created',
        actor: CLI_ACTOR,
        target: { label: app },
        worldId: world,
      });
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
      await audit.record({
        action: 'app-token-revoked',
        actor: CLI_ACTOR,
        target: { label: app },
        worldId: world,
      });
      io.out(`Token of app ${app} in ${world} revoked.`);
      return;
    }
    default:
      throw new UserError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}
