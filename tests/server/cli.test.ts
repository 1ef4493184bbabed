import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { verifyPin } from '../../server/auth/totp';
import { runUsersCommand } from '../../server/cli/users';
import { UserError } from '../../server/cog/userError';
import type { Store } from '../../server/store';
import { seedDemo } from '../../server/seed/demo';
import { openTestStore } from './harness';

let store: Store;
let lines: string[];
const run = (...argv: string[]) => runUsersCommand(argv, store, { out: (l) => lines.push(l) });

beforeEach(async () => {
  store = await openTestStore(fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-cli-')), 60_000);
  await seedDemo(store, { email: 'admin@cli.local', password: 'admin-password' });
  lines = [];
});
afterEach(() => store.close());

describe('npm run users', () => {
  it('adds an account with worlds and lists it', async () => {
    await run(
      'add',
      'ann@cli.local',
      '--name',
      'Ann',
      '--password',
      'ann-password',
      '--world',
      'acme_research:admin',
      '--world',
      'innovation-lab',
    );
    const ann = (await store.users.byEmail('ann@cli.local'))!;
    expect(ann.name).toBe('Ann');
    expect(await verifyPassword('ann-password', ann.password_hash)).toBe(true);
    expect(await store.users.worlds(ann.id)).toEqual([
      { world_id: 'acme_research', name: 'Acme Research', is_admin: true },
      { world_id: 'innovation-lab', name: 'Innovation Lab', is_admin: false },
    ]);
    lines = [];
    await run('list');
    expect(lines).toContain('ann@cli.local\tAnn\tacme_research*,innovation-lab\tpin:off');
  });

  it('sets a password and ends the sessions', async () => {
    const admin = (await store.users.byEmail('admin@cli.local'))!;
    const { token } = await store.sessions.create(admin.id);
    await run('set-password', 'admin@cli.local', '--password', 'new-password-1');
    expect(
      await verifyPassword(
        'new-password-1',
        (await store.users.byEmail('admin@cli.local'))!.password_hash,
      ),
    ).toBe(true);
    expect(await store.sessions.find(token)).toBeUndefined();
  });

  it('grants and revokes worlds', async () => {
    await run('add', 'bo@cli.local', '--password', 'bo-password');
    await run('grant', 'bo@cli.local', 'acme_research', '--admin');
    const bo = (await store.users.byEmail('bo@cli.local'))!;
    expect((await store.users.access(bo.id, 'acme_research'))?.is_admin).toBe(true);
    await run('revoke', 'bo@cli.local', 'acme_research');
    expect(await store.users.access(bo.id, 'acme_research')).toBeUndefined();
  });

  it('enables a PIN whose printed secret produces accepted codes', async () => {
    await run('enable-pin', 'admin@cli.local');
    const secret = lines.find((l) => l.startsWith('secret: '))!.slice('secret: '.length);
    expect(lines.find((l) => l.startsWith('uri: '))).toMatch(
      /^uri: otpauth:\/\/totp\/EMgen:admin%40cli\.local\?/,
    );
    const stored = (await store.users.byEmail('admin@cli.local'))!.totp_secret!;
    expect(await verifyPin(stored, await generate({ secret }))).toBeTypeOf('number');
    await run('disable-pin', 'admin@cli.local');
    expect((await store.users.byEmail('admin@cli.local'))!.totp_secret).toBeNull();
  });

  it('creates worlds', async () => {
    await run('add-world', 'north_star', 'North', 'Star');
    expect(await store.worlds.byId('north_star')).toEqual({ id: 'north_star', name: 'North Star' });
  });

  it.each([
    [['add', 'not-an-email', '--password', 'long-password'], 'A valid email is required.'],
    [
      ['add', 'admin@cli.local', '--password', 'long-password'],
      'An account with email admin@cli.local already exists.',
    ],
    [['add', 'x@cli.local', '--password', 'short'], 'The password must be at least 8 characters.'],
    [['add', 'x@cli.local'], '--password is required when not on a terminal.'],
    [
      ['set-password', 'admin@cli.local', '--password', 'emgen-admin'],
      'That is the demo password everyone knows; choose another.',
    ],
    [
      ['add', 'x@cli.local', '--password', 'long-password', '--world', 'atlantis'],
      'No world "atlantis". See: npm run users -- worlds',
    ],
    [['grant', 'ghost@cli.local', 'acme_research'], 'No account with email ghost@cli.local.'],
    [['revoke', 'admin@cli.local', 'nowhere'], 'No world "nowhere". See: npm run users -- worlds'],
    [['add-world', 'bad id!', 'X'], 'A world id of letters, digits, - and _ is required.'],
    [['frobnicate'], 'Unknown command "frobnicate".'],
  ])('refuses %o with a clear error', async (argv, message) => {
    const attempt = run(...argv);
    await expect(attempt).rejects.toBeInstanceOf(UserError);
    await expect(attempt).rejects.toThrow(message);
  });
});
