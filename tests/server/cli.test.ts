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

describe('npm run users shares the rules of /admin/users and writes the audit log', () => {
  it('disables, enables, resets and deletes, each recorded as done from the command line', async () => {
    await run('add', 'cy@cli.local', '--password', 'cy-password', '--world', 'acme_research');
    const cy = (await store.users.byEmail('cy@cli.local'))!;
    const { token } = await store.sessions.create(cy.id);
    await run('disable', 'cy@cli.local');
    expect((await store.users.byId(cy.id))!.disabled_at).not.toBeNull();
    expect(await store.sessions.find(token)).toBeUndefined();
    await run('enable', 'cy@cli.local');
    expect((await store.users.byId(cy.id))!.disabled_at).toBeNull();
    lines = [];
    await run('reset-password', 'cy@cli.local');
    const temporary = lines[1]!;
    const reset = (await store.users.byId(cy.id))!;
    expect(await verifyPassword(temporary, reset.password_hash)).toBe(true);
    expect(reset.must_change_password).toBe(1);
    await expect(run('delete', 'cy@cli.local')).rejects.toThrow(
      'Deleting cy@cli.local cannot be undone: add --yes to confirm.',
    );
    await run('delete', 'cy@cli.local', '--yes');
    expect(await store.users.byEmail('cy@cli.local')).toBeUndefined();

    const { events } = await store.audit.list({}, { offset: 0, limit: 50 });
    expect(events.map((e) => e.action).reverse()).toEqual([
      'account-created',
      'world-granted',
      'account-disabled',
      'account-enabled',
      'password-reset',
      'account-deleted',
    ]);
    for (const e of events)
      expect(e).toMatchObject({
        source: 'cli',
        user_agent: 'npm run users',
        target_label: 'cy@cli.local',
      });
  });

  it('keeps the last global administrator and the last administrator of a world', async () => {
    await expect(run('global-admin', 'admin@cli.local', '--off')).rejects.toThrow(
      'admin@cli.local is the last global administrator: make someone else one first',
    );
    await expect(run('disable', 'admin@cli.local')).rejects.toThrow(
      'admin@cli.local is the last global administrator: make someone else one first',
    );
    await run('add', 'dee@cli.local', '--password', 'dee-password');
    await run('global-admin', 'dee@cli.local');
    await run('global-admin', 'admin@cli.local', '--off');
    await expect(run('revoke', 'admin@cli.local', 'acme_research')).rejects.toThrow(
      'admin@cli.local is the last administrator of acme_research: make someone else an administrator there first',
    );
    lines = [];
    await run('list');
    expect(lines.find((l) => l.startsWith('dee@cli.local'))).toMatch(/\tglobal-admin$/);
  });

  it('renames worlds and records app tokens', async () => {
    await run('rename-world', 'acme_research', 'Acme', 'Labs');
    expect((await store.worlds.byId('acme_research'))!.name).toBe('Acme Labs');
    await run('app-token', 'notes', 'acme_research');
    await run('revoke-app-token', 'notes', 'acme_research');
    const { events } = await store.audit.list(
      { worldId: 'acme_research' },
      { offset: 0, limit: 10 },
    );
    expect(events.map((e) => [e.action, e.target_label, e.detail])).toEqual([
      ['app-token-revoked', 'notes', null],
      ['app-token-created', 'notes', null],
      ['world-renamed', 'Acme Labs', 'was "Acme Research"'],
    ]);
  });
});
