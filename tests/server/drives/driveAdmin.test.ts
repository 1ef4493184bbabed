import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/password';
import { call, upload } from '../driveHelpers';
import { Client, startTestServer, type TestServer } from '../harness';

/**
 * Administering drives (issue 21) through the real server: delete with
 * Undo (one batch per folder), move, retag, versions on re-upload, Keep
 * both, creating and renaming drives, storage per drive, the retention
 * purge with a fake clock, and every refusal (members, other worlds, bad
 * paths, no CSRF token, app drives, taken paths).
 */

const WORLD = 'innovation-lab';
const WS = 'innovation-lab-welcome';
const DRIVE = 'Admin Docs';
const DAY = 24 * 60 * 60_000;

let server: TestServer;
let admin: Client;
let member: Client;

beforeAll(async () => {
  server = await startTestServer({}, { driveSweepEveryMs: 0 });
  admin = new Client(server.url);
  await admin.signIn();
  const user = await server.store.users.create({
    email: 'drive-member@test.local',
    name: 'Member',
    passwordHash: await hashPassword('member-password-1'),
  });
  await server.store.users.grant(user.id, WORLD, false);
  member = new Client(server.url);
  await member.signIn('drive-member@test.local', 'member-password-1');
  await server.drives.ensureDrive(WORLD, DRIVE);
  await server.drives.ensureDrive(WORLD, 'App things', 'notes');
  await server.drives.ensureDrive('acme_research', 'Acme private');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const url = (drive: string, rest = '') => `/api/drives/${encodeURIComponent(drive)}${rest}`;
const put = (path: string, text: string, fields: Record<string, string> = {}) => {
  const slash = path.lastIndexOf('/');
  return upload(admin, server.url, DRIVE, [{ name: path.slice(slash + 1), data: text }], {
    ...(slash > 0 ? { path: path.slice(0, slash) } : {}),
    ...fields,
  });
};
async function listed(prefix = ''): Promise<string[]> {
  const res = await call(admin, 'GET', url(DRIVE, `/files?limit=1000&pathPrefix=${prefix}`));
  return res.body.data.data.Files.map((f: any) => f.Path);
}
async function driveRow() {
  return (await server.store.drives.driveByName(WORLD, DRIVE))!;
}
async function fileRow(path: string) {
  return server.store.drives.fileByPath((await driveRow()).id, path);
}
async function blobExists(hash: string): Promise<boolean> {
  for await (const b of server.drives.blobs.list()) if (b.hash === hash) return true;
  return false;
}

describe('refusals', () => {
  beforeAll(async () => {
    expect((await put('guard/a.txt', 'guarded text')).status).toBe(200);
  });

  it('refuses members every change (403) and lets them read versions', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', url(DRIVE, '/delete'), { paths: ['guard/a.txt'] }],
      ['POST', url(DRIVE, '/undelete'), { batchId: 'x' }],
      ['POST', url(DRIVE, '/move'), { from: 'guard/a.txt', to: 'guard/b.txt' }],
      ['POST', url(DRIVE, '/retag'), { paths: ['guard/a.txt'], add: ['x'] }],
      ['POST', url(DRIVE, '/versions/guard/a.txt'), { version: 1 }],
      ['POST', '/api/drives', { name: 'Mine' }],
      ['PATCH', url(DRIVE), { name: 'Renamed' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(member, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('Administrators of this world only');
    }
    expect(await listed('guard/')).toEqual(['guard/a.txt']);
    const versions = await call(member, 'GET', url(DRIVE, '/versions/guard/a.txt'));
    expect(versions.status).toBe(200);
    expect(versions.body.data.versions).toHaveLength(1);
  });

  it('refuses a change without the CSRF header', async () => {
    const res = await admin.request('POST', url(DRIVE, '/delete'), {
      body: { paths: ['guard/a.txt'] },
      headers: { 'X-World-Id': WORLD },
      csrf: false,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('CSRF token missing or invalid');
    expect(await listed('guard/')).toEqual(['guard/a.txt']);
  });

  it("never reaches another world's drive (404)", async () => {
    for (const [method, rest, body] of [
      ['POST', '/delete', { folders: ['x'] }],
      ['POST', '/move', { from: 'a', to: 'b' }],
      ['PATCH', '', { name: 'Stolen' }],
    ] as const) {
      const res = await call(admin, method, url('Acme private', rest), body, WORLD);
      expect(res.status).toBe(404);
    }
    expect(await server.store.drives.driveByName('acme_research', 'Acme private')).toBeDefined();
  });

  it('refuses bad paths with 400 and changes nothing', async () => {
    for (const bad of ['../a.txt', '/guard/a.txt', 'guard/\u0000a.txt', 'guard//a.txt']) {
      for (const [rest, body] of [
        ['/delete', { paths: [bad] }],
        ['/delete', { folders: [bad] }],
        ['/move', { from: 'guard/a.txt', to: bad }],
        ['/move', { from: bad, to: 'x.txt' }],
        ['/retag', { paths: [bad], add: ['t'] }],
      ] as const) {
        const res = await call(admin, 'POST', url(DRIVE, rest), body);
        expect(res.status, `${rest} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    const empty = await call(admin, 'POST', url(DRIVE, '/delete'), {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('No file or folder given');
    expect(await listed('guard/')).toEqual(['guard/a.txt']);
  });

  it('leaves app drives alone (403)', async () => {
    const res = await call(admin, 'PATCH', url('App things'), { name: 'Mine now' });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/belongs to the app notes/);
  });
});

describe('delete and Undo', () => {
  it('deletes a file: gone from listing, search and its workspace; Undo brings all back', async () => {
    await put('del/report.txt', 'quarterly zanzibar figures', { tags: 'finance, q3' });
    await server.drives.whenIndexed();
    const drive = await driveRow();
    await server.store.workspaceFiles.add(WS, drive.id, 'del/report.txt');
    const search = () =>
      call(admin, 'POST', url(DRIVE, '/search/text'), { query: 'zanzibar' }).then(
        (r) => r.body.data.total as number,
      );
    expect(await search()).toBe(1);

    const res = await call(admin, 'POST', url(DRIVE, '/delete'), { paths: ['del/report.txt'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ deleted: 1, detachedFrom: 1 });
    expect(await listed('del/')).toEqual([]);
    expect(await search()).toBe(0);
    expect(await server.store.workspaceFiles.list(WS)).not.toContainEqual(
      expect.objectContaining({ path: 'del/report.txt' }),
    );
    expect((await call(admin, 'GET', url(DRIVE, '/files/del/report.txt'))).status).toBe(404);

    const undo = await call(admin, 'POST', url(DRIVE, '/undelete'), {
      batchId: res.body.data.batchId,
    });
    expect(undo.status).toBe(200);
    expect(undo.body.data.files[0]).toMatchObject({
      Path: 'del/report.txt',
      Tags: ['finance', 'q3'],
    });
    expect(await listed('del/')).toEqual(['del/report.txt']);
    expect(await server.store.workspaceFiles.list(WS)).toContainEqual(
      expect.objectContaining({ path: 'del/report.txt' }),
    );
    await server.drives.whenIndexed();
    expect(await search()).toBe(1);
    // A second Undo finds nothing to restore.
    const again = await call(admin, 'POST', url(DRIVE, '/undelete'), {
      batchId: res.body.data.batchId,
    });
    expect(again.status).toBe(404);
  });

  it('deletes a whole folder as one batch and restores it with one Undo', async () => {
    await put('folder/one.txt', 'one');
    await put('folder/sub/two.txt', 'two');
    await put('folderish.txt', 'not in the folder');
    const res = await call(admin, 'POST', url(DRIVE, '/delete'), { folders: ['folder'] });
    expect(res.body.data.deleted).toBe(2);
    expect(await listed('folder')).toEqual(['folderish.txt']);
    await call(admin, 'POST', url(DRIVE, '/undelete'), { batchId: res.body.data.batchId });
    expect(await listed('folder/')).toEqual(['folder/one.txt', 'folder/sub/two.txt']);
  });

  it('refuses an Undo onto a path taken meanwhile (409), restoring nothing', async () => {
    await put('taken/a.txt', 'first a');
    await put('taken/b.txt', 'first b');
    const res = await call(admin, 'POST', url(DRIVE, '/delete'), { folders: ['taken'] });
    await put('taken/a.txt', 'a new a');
    const undo = await call(admin, 'POST', url(DRIVE, '/undelete'), {
      batchId: res.body.data.batchId,
    });
    expect(undo.status).toBe(409);
    expect(undo.body.error).toBe('Cannot restore: "taken/a.txt" is taken by another file now');
    expect(await listed('taken/')).toEqual(['taken/a.txt']);
    // Once the way is clear the batch comes back whole.
    await call(admin, 'POST', url(DRIVE, '/delete'), { paths: ['taken/a.txt'] });
    const retry = await call(admin, 'POST', url(DRIVE, '/undelete'), {
      batchId: res.body.data.batchId,
    });
    expect(retry.status).toBe(200);
    expect(await listed('taken/')).toEqual(['taken/a.txt', 'taken/b.txt']);
  });

  it("refuses another drive's batch", async () => {
    await put('other-batch.txt', 'x');
    const res = await call(admin, 'POST', url(DRIVE, '/delete'), { paths: ['other-batch.txt'] });
    await server.drives.ensureDrive(WORLD, 'Second');
    const undo = await call(admin, 'POST', url('Second', '/undelete'), {
      batchId: res.body.data.batchId,
    });
    expect(undo.status).toBe(404);
  });
});

describe('move and retag', () => {
  it('renames a file keeping its id and versions; its workspace follows', async () => {
    await put('mv/plan.md', 'version one');
    await put('mv/plan.md', 'version two');
    const before = (await fileRow('mv/plan.md'))!;
    const drive = await driveRow();
    await server.store.workspaceFiles.add(WS, drive.id, 'mv/plan.md');
    const res = await call(admin, 'POST', url(DRIVE, '/move'), {
      from: 'mv/plan.md',
      to: 'mv/renamed/plan-final.md',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.moved).toBe(1);
    const after = (await fileRow('mv/renamed/plan-final.md'))!;
    expect(after.id).toBe(before.id);
    expect(after.name).toBe('plan-final.md');
    const versions = await call(admin, 'GET', url(DRIVE, '/versions/mv/renamed/plan-final.md'));
    expect(versions.body.data.versions.map((v: any) => v.Version)).toEqual([2, 1]);
    const links = await server.store.workspaceFiles.list(WS);
    expect(links.map((l) => l.path)).toContain('mv/renamed/plan-final.md');
    expect(links.map((l) => l.path)).not.toContain('mv/plan.md');
    const found = await call(admin, 'POST', url(DRIVE, '/search/text'), { query: 'final' });
    expect(found.body.data.results.map((r: any) => r.File.Path)).toContain(
      'mv/renamed/plan-final.md',
    );
  });

  it('moves a whole folder, refusing a move into itself or onto taken paths', async () => {
    await put('src/a.txt', 'a');
    await put('src/deep/b.txt', 'b');
    await put('dst/a.txt', 'in the way');
    const into = await call(admin, 'POST', url(DRIVE, '/move'), {
      from: 'src',
      to: 'src/inner',
      folder: true,
    });
    expect(into.status).toBe(400);
    const clash = await call(admin, 'POST', url(DRIVE, '/move'), {
      from: 'src',
      to: 'dst',
      folder: true,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe(`"dst/a.txt" already exists in "${DRIVE}"`);
    expect(await listed('src/')).toEqual(['src/a.txt', 'src/deep/b.txt']);
    const ok = await call(admin, 'POST', url(DRIVE, '/move'), {
      from: 'src',
      to: 'archive/src',
      folder: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.moved).toBe(2);
    expect(await listed('src/')).toEqual([]);
    expect(await listed('archive/')).toEqual(['archive/src/a.txt', 'archive/src/deep/b.txt']);
    const missing = await call(admin, 'POST', url(DRIVE, '/move'), {
      from: 'nowhere',
      to: 'x',
      folder: true,
    });
    expect(missing.status).toBe(404);
  });

  it('adds, removes and sets tags on files and folders', async () => {
    await put('tags/one.txt', 'one', { tags: 'old, keep' });
    await put('tags/two.txt', 'two');
    let res = await call(admin, 'POST', url(DRIVE, '/retag'), {
      folders: ['tags'],
      add: ['Reviewed', ' reviewed '],
      remove: ['OLD'],
    });
    expect(res.status).toBe(200);
    const tagsOf = async (p: string) =>
      (await call(admin, 'GET', url(DRIVE, `/files/${p}`))).body.data.Tags;
    expect(await tagsOf('tags/one.txt')).toEqual(['keep', 'Reviewed']);
    expect(await tagsOf('tags/two.txt')).toEqual(['Reviewed']);
    res = await call(admin, 'POST', url(DRIVE, '/retag'), { paths: ['tags/two.txt'], set: [] });
    expect(res.status).toBe(200);
    expect(await tagsOf('tags/two.txt')).toEqual([]);
    const byTag = await call(admin, 'POST', url(DRIVE, '/search/tags'), { query: 'reviewed' });
    expect(byTag.body.data.results.map((r: any) => r.File.Path)).toEqual(['tags/one.txt']);
  });
});

describe('versions, Replace and Keep both', () => {
  it('keeps the replaced bytes as a version, downloadable and restorable', async () => {
    await put('v/notes.txt', 'the first words');
    expect((await put('v/notes.txt', 'the second words')).status).toBe(200);
    const list = await call(admin, 'GET', url(DRIVE, '/versions/v/notes.txt'));
    expect(list.body.data.retentionDays).toBe(30);
    const [current, old] = list.body.data.versions;
    expect(current).toMatchObject({ Version: 2, Current: true, CreatedBy: 'Administrator' });
    expect(old).toMatchObject({ Version: 1, Current: false, ReplacedBy: 'Administrator' });
    const bytes = await fetch(
      `${server.url}${url(DRIVE, '/versions/v/notes.txt')}?version=1&worldId=${WORLD}`,
      { headers: { cookie: admin.cookieHeader } },
    );
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe('the first words');
    const restore = await call(admin, 'POST', url(DRIVE, '/versions/v/notes.txt'), { version: 1 });
    expect(restore.status).toBe(200);
    const file = await call(admin, 'GET', url(DRIVE, '/files/v/notes.txt'));
    expect(Buffer.from(file.body.data.Content, 'base64').toString()).toBe('the first words');
    const after = await call(admin, 'GET', url(DRIVE, '/versions/v/notes.txt'));
    expect(after.body.data.versions.map((v: any) => v.Version)).toEqual([3, 2, 1]);
    expect(
      (await call(admin, 'GET', `${url(DRIVE, '/versions/v/notes.txt')}?version=9`)).status,
    ).toBe(404);
    expect(
      (await call(admin, 'POST', url(DRIVE, '/versions/v/notes.txt'), { version: 3 })).status,
    ).toBe(400);
  });

  it('keeps both under a free name the server picks, and says which paths exist', async () => {
    await put('kb/report.pdf.txt', 'first');
    const exists = await call(admin, 'POST', url(DRIVE, '/exists'), {
      paths: ['kb/report.pdf.txt', 'kb/none.txt'],
    });
    expect(exists.body.data.existing).toEqual(['kb/report.pdf.txt']);
    const second = await put('kb/report.pdf.txt', 'second', { onConflict: 'keepBoth' });
    expect(second.body.data.files[0].Path).toBe('kb/report.pdf (2).txt');
    const third = await put('kb/report.pdf.txt', 'third', { onConflict: 'keepBoth' });
    expect(third.body.data.files[0].Path).toBe('kb/report.pdf (3).txt');
    expect(await listed('kb/')).toEqual([
      'kb/report.pdf (2).txt',
      'kb/report.pdf (3).txt',
      'kb/report.pdf.txt',
    ]);
    const bad = await put('kb/x.txt', 'x', { onConflict: 'overwrite' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('onConflict must be "replace" or "keepBoth"');
  });
});

describe('drives', () => {
  it('creates and renames drives; names are unique in a world and checked', async () => {
    const created = await call(admin, 'POST', '/api/drives', { name: 'Fresh drive' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ Name: 'Fresh drive', FileCount: 0 });
    expect((await call(admin, 'POST', '/api/drives', { name: 'Fresh drive' })).status).toBe(409);
    for (const name of ['a/b', '..', '   ', 'x\u0001']) {
      expect((await call(admin, 'POST', '/api/drives', { name })).status, name).toBe(400);
    }
    // The same name in another world is that world's business.
    expect(
      (await call(admin, 'POST', '/api/drives', { name: 'Fresh drive' }, 'acme_research')).status,
    ).toBe(200);
    const renamed = await call(admin, 'PATCH', url('Fresh drive'), { name: 'Renamed drive' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.Name).toBe('Renamed drive');
    expect((await call(admin, 'PATCH', url('Renamed drive'), { name: DRIVE })).status).toBe(409);
    expect((await call(admin, 'GET', url('Fresh drive'))).status).toBe(404);
  });

  it('lists storage per drive for administrators', async () => {
    await server.drives.ensureDrive(WORLD, 'Storage');
    const up = (text: string) =>
      upload(admin, server.url, 'Storage', [{ name: 's.txt', data: text }]);
    await up('12345');
    await up('1234567');
    await upload(admin, server.url, 'Storage', [{ name: 'gone.txt', data: '123' }]);
    await call(admin, 'POST', url('Storage', '/delete'), { paths: ['gone.txt'] });
    const res = await call(admin, 'GET', '/api/drives?forAdmin=true');
    const drive = res.body.data.find((d: any) => d.Name === 'Storage');
    expect(drive).toMatchObject({
      TotalSize: 7,
      FileCount: 1,
      Storage: { VersionCount: 1, VersionsSize: 5, TrashCount: 1, TrashSize: 3 },
    });
    const plain = await call(member, 'GET', '/api/drives');
    expect(plain.body.data.find((d: any) => d.Name === 'Storage').Storage).toBeUndefined();
  });
});

describe('retention', () => {
  it('purges deleted files and replaced versions past the retention, and their unshared blobs', async () => {
    await server.drives.ensureDrive(WORLD, 'Retention');
    const up = (name: string, text: string) =>
      upload(admin, server.url, 'Retention', [{ name, data: text }]);
    await up('doomed.txt', 'bytes only the doomed file has');
    await up('shared-a.txt', 'bytes two files share');
    await up('shared-b.txt', 'bytes two files share');
    await up('versioned.txt', 'an old version nobody else has');
    await up('versioned.txt', 'the current version');
    const drive = (await server.store.drives.driveByName(WORLD, 'Retention'))!;
    const hashOf = async (p: string) => (await server.store.drives.fileByPath(drive.id, p))!.hash;
    const doomed = await hashOf('doomed.txt');
    const shared = await hashOf('shared-a.txt');
    const [oldVersion] = await server.store.drives.history.versionsOf(
      (await server.store.drives.fileByPath(drive.id, 'versioned.txt'))!.id,
    );
    await call(admin, 'POST', url('Retention', '/delete'), {
      paths: ['doomed.txt', 'shared-a.txt'],
    });

    // Within the retention nothing goes.
    const early = await server.driveAdmin.purgeExpired(new Date(Date.now() + 29 * DAY));
    expect(early).toMatchObject({ trashed: 0 });
    expect(await blobExists(doomed)).toBe(true);
    expect(await blobExists(oldVersion!.hash)).toBe(true);

    const late = await server.driveAdmin.purgeExpired(new Date(Date.now() + 31 * DAY));
    expect(late.trashed).toBeGreaterThanOrEqual(2);
    expect(await blobExists(doomed)).toBe(false);
    expect(await blobExists(oldVersion!.hash)).toBe(false);
    // shared-b.txt still has these bytes.
    expect(await blobExists(shared)).toBe(true);
    expect(await blobExists(await hashOf('versioned.txt'))).toBe(true);
    const versions = await call(admin, 'GET', url('Retention', '/versions/versioned.txt'));
    expect(versions.body.data.versions).toHaveLength(1);
  });
});
