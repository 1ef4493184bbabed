import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppRegistry, type App } from '../../server/cog/registry';
import { CommandDirectory, commandAttrs, commandResult } from '../../server/commands/directory';
import { fuzzyName, scoreCommand, searchCommands } from '../../server/commands/search';
import type { Store } from '../../server/store';
import { openTestStore } from './harness';

let dataDir: string;
let store: Store;
let adminId: string;
let memberId: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-commands-'));
  store = await openTestStore(dataDir);
  await store.worlds.create('w1', 'World One');
  await store.worlds.create('w2', 'World Two');
  await store.worlds.create('w3', 'World Three');
  adminId = (await store.users.create({ email: 'a@x', name: 'A', passwordHash: null })).id;
  memberId = (await store.users.create({ email: 'm@x', name: 'M', passwordHash: null })).id;
  for (const w of ['w1', 'w2', 'w3']) await store.users.grant(adminId, w, true);
  await store.users.grant(memberId, 'w1', false);
  await store.users.grant(memberId, 'w2', false);
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('scoring', () => {
  const cmd = (over: object) => ({ id: 'x', name: 'Nothing', ...over });

  it('ranks a name match over tags over description over cog path', () => {
    const byName = cmd({ id: 'n', name: 'Rocket' });
    const byTag = cmd({ id: 't', tags: ['rocket'] });
    const byDesc = cmd({ id: 'd', description: 'Launch a rocket' });
    const byPath = cmd({ id: 'p', cogPath: 'space/rocket/go' });
    const none = cmd({ id: 'z' });
    const found = searchCommands('rocket', [none, byPath, byDesc, byTag, byName]);
    expect(found.map((c) => c.id)).toEqual(['n', 't', 'd', 'p']);
    expect(scoreCommand(byName, 'rocket')).toBe(1);
  });

  it('prefers an exact name, then a prefix, then a word, then inside a word', () => {
    const s = (name: string) => scoreCommand(cmd({ name }), 'port');
    expect(s('Port')).toBeGreaterThan(s('Portal'));
    expect(s('Portal')).toBeGreaterThan(s('Open Port'));
    expect(s('Open Port')).toBeGreaterThan(s('Export'));
    expect(s('Export')).toBeGreaterThan(0);
    expect(s('Elsewhere')).toBe(0);
  });

  it('needs every word of a multi-word query to match somewhere', () => {
    const c = cmd({ name: 'Open Console', tags: ['log'] });
    expect(scoreCommand(c, 'open log')).toBeGreaterThan(0);
    expect(scoreCommand(c, 'open zebra')).toBe(0);
  });
});

describe('fuzzy name matches', () => {
  it('match initials and letters in order, and nothing for two scattered letters', () => {
    expect(fuzzyName('create workspace', 'cw')).toBe(0.75);
    expect(fuzzyName('open file finder', 'of')).toBe(0.65);
    expect(fuzzyName('open file finder', 'opfnd')).toBeGreaterThan(0.2);
    expect(fuzzyName('open file finder', 'oe')).toBe(0);
    expect(fuzzyName('open file finder', 'xyz')).toBe(0);
  });

  it('leave short queries to the caller: the list comes back unchanged', () => {
    const list = [{ id: 'a', name: 'Alpha' }];
    expect(searchCommands(' a ', list)).toBe(list);
  });
});

describe('command annotations and results', () => {
  it('read the attributes, defaulting the namespace and dropping nameless commands', () => {
    expect(commandAttrs({})).toBeUndefined();
    expect(commandAttrs({ name: '  ' })).toBeUndefined();
    expect(commandAttrs({ name: ' Go ', tags: ['a', 3, 'b'] })).toEqual({
      id: undefined,
      name: 'Go',
      description: undefined,
      tags: ['a', 'b'],
      namespace: 'default',
      admin: false,
      destructive: false,
      expand: undefined,
    });
  });

  it('shape a handler’s answer for command.execute.response', () => {
    expect(commandResult(undefined)).toEqual({});
    expect(commandResult('hi')).toEqual({ message: 'hi' });
    expect(commandResult(42)).toEqual({ result: 42 });
    expect(commandResult({ message: 'm', effect: { kind: 'openFileFinder' }, other: 1 })).toEqual({
      message: 'm',
      effect: { kind: 'openFileFinder' },
    });
    expect(() => commandResult({ effect: { kind: 'navigate' } })).toThrow('invalid effect');
  });
});

const app = (cogs: App['cogs']): App => ({ name: 'unit', cogs });

describe('CommandDirectory', () => {
  const registry = new AppRegistry();
  registry.register(
    app([
      {
        module: 'm',
        name: 'switch',
        annotations: { command: { name: 'Go to {world}', namespace: 'ws', expand: 'worlds' } },
        handler: async (args) => args.kvargs?.worldId,
      },
      {
        module: 'm',
        name: 'secret',
        annotations: { command: { name: 'Secret', namespace: 'adm', admin: true } },
        handler: async () => 'ok',
      },
      {
        module: 'm',
        name: 'sync_throw',
        annotations: { command: { name: 'Sync Throw' } },
        handler: () => {
          throw new Error('thrown before any promise');
        },
      },
      {
        module: 'm',
        name: 'wait',
        annotations: { command: { name: 'Wait Forever' } },
        handler: () => new Promise(() => {}),
      },
    ]),
  );
  let directory: CommandDirectory;
  beforeAll(() => {
    directory = new CommandDirectory({ store, registry, timeoutMs: 50 });
  });

  it('expands per user and world, and shows admin-only commands to admins only', async () => {
    const names = async (ctx: { worldId: string; userId: string }) =>
      (await directory.list(ctx)).map((c) => c.name);
    expect(await names({ worldId: 'w1', userId: adminId })).toEqual([
      'Go to World Three',
      'Go to World Two',
      'Secret',
      'Sync Throw',
      'Wait Forever',
    ]);
    expect(await names({ worldId: 'w1', userId: memberId })).toEqual([
      'Go to World Two',
      'Sync Throw',
      'Wait Forever',
    ]);
    expect(await directory.namespaces({ worldId: 'w1', userId: adminId })).toEqual([
      'adm',
      'default',
      'ws',
    ]);
    expect(await directory.namespaces({ worldId: 'w1', userId: memberId })).toEqual([
      'default',
      'ws',
    ]);
  });

  it('runs an expanded command with its fixed arguments, which a caller cannot override', async () => {
    const ctx = { worldId: 'w1', userId: adminId };
    const run = directory.execute(ctx, 'unit.switch:w3', { args: { worldId: 'w2' } });
    await expect(run).resolves.toEqual({ message: 'w3' });
  });

  it('fails a handler that throws synchronously or never answers', async () => {
    const ctx = { worldId: 'w1', userId: adminId };
    await expect(directory.execute(ctx, 'unit.sync_throw')).rejects.toThrow(
      'thrown before any promise',
    );
    await expect(directory.execute(ctx, 'unit.wait')).rejects.toThrow(
      '"Wait Forever" timed out after 50 ms',
    );
  });

  it('refuses an admin-only command to a member', async () => {
    await expect(
      directory.execute({ worldId: 'w1', userId: memberId }, 'unit.secret'),
    ).rejects.toThrow('"Secret" is for administrators of this world only');
  });
});
