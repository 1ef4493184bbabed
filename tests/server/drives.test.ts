import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { b64, call, PNG_BYTES, upload } from './driveHelpers';
import { Client, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: Client;
let member: Client;
const DRIVE = 'Docs';

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  const user = await server.store.users.create({
    email: 'member@test.local',
    name: 'Member',
    passwordHash: await hashPassword('member-password-1'),
  });
  await server.store.users.grant(user.id, 'innovation-lab', false);
  member = new Client(server.url);
  await member.signIn('member@test.local', 'member-password-1');
  await server.drives.ensureDrive('innovation-lab', DRIVE);
  await server.drives.ensureDrive('innovation-lab', 'Notes app data', 'notes');
  await server.drives.ensureDrive('acme_research', 'Secret');
});
afterAll(async () => {
  await server.close();
});

const files = (body: any) => body.data.data.Files as any[];
const paths = (list: any[]) => list.map((f) => f.Path);

describe('upload and listing', () => {
  it('stores several files at once in a folder, with tags and description', async () => {
    const res = await upload(
      admin,
      server.url,
      DRIVE,
      [
        {
          name: 'readme.md',
          data: '# Readme\n\nHow to start the **pump**.',
          type: 'text/markdown',
        },
        { name: 'notes.txt', data: 'plain notes about valves', type: 'text/plain' },
        { name: 'main.ts', data: 'export const answer = 42;\n' },
        { name: 'config.json', data: '{"service":"billing","port":8080}' },
      ],
      { path: 'guide', tags: 'manual, Pumps', description: 'The operator guide' },
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const byPath = Object.fromEntries(res.body.data.files.map((f: any) => [f.Path, f]));
    expect(Object.keys(byPath).sort()).toEqual([
      'guide/config.json',
      'guide/main.ts',
      'guide/notes.txt',
      'guide/readme.md',
    ]);
    expect(byPath['guide/readme.md']).toMatchObject({
      Name: 'readme.md',
      MimeType: 'text/markdown',
      Tags: ['manual', 'Pumps'],
      Description: 'The operator guide',
      HasContent: true,
    });
    expect(byPath['guide/main.ts'].MimeType).toBe('text/x-typescript');
    expect(byPath['guide/config.json'].MimeType).toBe('application/json');
    expect(byPath['guide/notes.txt'].Size).toBe('plain notes about valves'.length);
  });

  it('lists drives with size, count and tag counts; hides app drives on request', async () => {
    const res = await call(admin, 'GET', '/api/drives');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const docs = res.body.data.find((d: any) => d.Name === DRIVE);
    expect(docs.FileCount).toBeGreaterThanOrEqual(4);
    expect(docs.TotalSize).toBeGreaterThan(0);
    expect(docs.Tags).toEqual(
      expect.arrayContaining([
        { Name: 'manual', Count: 4 },
        { Name: 'Pumps', Count: 4 },
      ]),
    );
    expect(res.body.data.map((d: any) => d.Name)).toContain('Notes app data');
    expect(res.body.data.map((d: any) => d.Name)).not.toContain('Secret');
    const hidden = await call(admin, 'GET', '/api/drives?hideAppDrives=true');
    expect(hidden.body.data.map((d: any) => d.Name)).toEqual([DRIVE]);
  });

  it('forAdmin=true lists every drive for admins and refuses members', async () => {
    const res = await call(admin, 'GET', '/api/drives?forAdmin=true&hideAppDrives=true');
    expect(res.body.data.map((d: any) => d.Name).sort()).toEqual([DRIVE, 'Notes app data']);
    const refused = await call(member, 'GET', '/api/drives?forAdmin=true');
    expect(refused.status).toBe(403);
    expect((await call(member, 'GET', '/api/drives')).status).toBe(200);
    expect((await new Client(server.url).request('GET', '/api/drives')).status).toBe(401);
  });

  it('GET /api/drives/{drive} describes one drive; other worlds and unknown names are 404', async () => {
    const res = await call(admin, 'GET', `/api/drives/${DRIVE}`);
    expect(res.body).toMatchObject({ status: 'success', data: { Name: DRIVE } });
    const other = await call(admin, 'GET', '/api/drives/Secret');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ status: 'error', error: 'Unknown drive "Secret"' });
    expect((await call(admin, 'GET', '/api/drives/Secret/files')).status).toBe(404);
    const search = await call(admin, 'POST', '/api/drives/Secret/search/text', { query: 'x' });
    expect(search.status).toBe(404);
    const up = await upload(admin, server.url, 'Secret', [{ name: 'x.txt', data: 'x' }]);
    expect(up.status).toBe(404);
    expect(up.body.error).toBe('Unknown drive "Secret"');
    // In its own world it is known.
    expect(
      (await call(admin, 'GET', '/api/drives/Secret', undefined, 'acme_research')).status,
    ).toBe(200);
  });

  it('lists files with pathPrefix, sortBy, sortDir, offset, limit and tags', async () => {
    await upload(admin, server.url, DRIVE, [
      { name: 'big.txt', data: 'x'.repeat(5000) },
      { name: 'small.txt', data: 'y' },
    ]);
    const all = await call(admin, 'GET', `/api/drives/${DRIVE}/files`);
    expect(all.status).toBe(200);
    expect(all.body.status).toBe('success');
    expect(all.body.data.data.TotalCount).toBe(6);
    expect(all.body.data.data.PageCount).toBe(1);
    expect(paths(files(all.body))).toEqual([...paths(files(all.body))].sort());

    const guide = await call(admin, 'GET', `/api/drives/${DRIVE}/files?pathPrefix=guide/`);
    expect(paths(files(guide.body))).toEqual([
      'guide/config.json',
      'guide/main.ts',
      'guide/notes.txt',
      'guide/readme.md',
    ]);
    const bySize = await call(admin, 'GET', `/api/drives/${DRIVE}/files?sortBy=size&sortDir=desc`);
    expect(files(bySize.body)[0].Path).toBe('big.txt');
    expect(files(bySize.body).at(-1).Path).toBe('small.txt');
    const byName = await call(admin, 'GET', `/api/drives/${DRIVE}/files?sortBy=name`);
    expect(files(byName.body)[0].Name).toBe('big.txt');
    const page = await call(admin, 'GET', `/api/drives/${DRIVE}/files?offset=2&limit=2`);
    expect(files(page.body).map((f) => f.Path)).toEqual(paths(files(all.body)).slice(2, 4));
    expect(page.body.data.data).toMatchObject({ TotalCount: 6, PageCount: 3 });
    const tagged = await call(admin, 'GET', `/api/drives/${DRIVE}/files?tags=pumps,MANUAL`);
    expect(tagged.body.data.data.TotalCount).toBe(4);
    const none = await call(admin, 'GET', `/api/drives/${DRIVE}/files?tags=manual,nope`);
    expect(none.body.data.data.TotalCount).toBe(0);
    const updated = await call(
      admin,
      'GET',
      `/api/drives/${DRIVE}/files?sortBy=updated&sortDir=desc`,
    );
    expect(['big.txt', 'small.txt']).toContain(files(updated.body)[0].Path);
    expect((await call(admin, 'GET', `/api/drives/${DRIVE}/files?sortBy=colour`)).status).toBe(400);
    expect((await call(admin, 'GET', `/api/drives/${DRIVE}/files?limit=0`)).status).toBe(400);
    expect((await call(admin, 'GET', `/api/drives/${DRIVE}/files?pathPrefix=../`)).status).toBe(
      400,
    );
  });

  it('GET of a file carries base64 Content; the path may be encoded or not', async () => {
    for (const p of ['guide/readme.md', 'guide%2Freadme.md']) {
      const res = await call(admin, 'GET', `/api/drives/${DRIVE}/files/${p}`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.data).toMatchObject({
        Path: 'guide/readme.md',
        HasContent: true,
        Content: b64('# Readme\n\nHow to start the **pump**.'),
      });
    }
    const missing = await call(admin, 'GET', `/api/drives/${DRIVE}/files/guide/nothing.md`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Unknown file "guide/nothing.md" in drive "Docs"');
  });

  it('a file over 5 MB is listed without inline Content (download it instead)', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 'z'.charCodeAt(0));
    expect(
      (await upload(admin, server.url, DRIVE, [{ name: 'large.log', data: big }], { path: 'big' }))
        .status,
    ).toBe(200);
    const res = await call(admin, 'GET', `/api/drives/${DRIVE}/files/big/large.log`);
    expect(res.body.data).toMatchObject({
      Size: big.length,
      HasContent: false,
      MimeType: 'text/plain',
    });
    expect(res.body.data.Content).toBeUndefined();
    const dl = await fetch(`${server.url}/api/drives/${DRIVE}/files/big/large.log?download=true`, {
      headers: { cookie: admin.cookieHeader, 'X-World-Id': 'innovation-lab' },
    });
    expect((await dl.arrayBuffer()).byteLength).toBe(big.length);
  });

  it('?download=true sends the bytes with type, disposition and nosniff', async () => {
    await upload(admin, server.url, DRIVE, [{ name: 'Résumé (v2).md', data: '# Café' }]);
    const res = await fetch(
      `${server.url}/api/drives/${DRIVE}/files/${encodeURIComponent('Résumé (v2).md')}?download=true`,
      { headers: { cookie: admin.cookieHeader, 'X-World-Id': 'innovation-lab' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ (v2).md"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28v2%29.md`,
    );
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength('# Café')));
    expect(await res.text()).toBe('# Café');
  });

  it('the same path again replaces the file as a new version', async () => {
    const before = (await server.store.drives.fileByPath(
      (await server.drives.driveByName('innovation-lab', DRIVE))!.id,
      'small.txt',
    ))!;
    const res = await upload(admin, server.url, DRIVE, [
      { name: 'small.txt', data: 'second version' },
    ]);
    expect(res.status).toBe(200);
    const after = (await server.store.drives.fileByPath(before.drive_id, 'small.txt'))!;
    expect(after.id).toBe(before.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.updated_at > before.updated_at).toBe(true);
    expect(res.body.data.files[0]).toMatchObject({ Size: 14, UpdatedAt: after.updated_at });
    const got = await call(admin, 'GET', `/api/drives/${DRIVE}/files/small.txt`);
    expect(got.body.data.Content).toBe(b64('second version'));
    const listed = await call(admin, 'GET', `/api/drives/${DRIVE}/files?pathPrefix=small`);
    expect(listed.body.data.data.TotalCount).toBe(1);
  });

  it('refuses a request that is not multipart and one without a file', async () => {
    const json = await call(admin, 'POST', `/api/drives/${DRIVE}/files`, { file: 'x' });
    expect(json.status).toBe(400);
    const empty = await upload(admin, server.url, DRIVE, [], { path: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('No file in the upload (multipart field "file")');
  });
});

describe('bad paths', () => {
  it.each([
    ['..', '%2E%2E%2Fsecret.txt', 'File path must not contain ".." segments'],
    ['absolute', '%2Fetc%2Fpasswd', 'File path must be relative to the drive (no leading "/")'],
    ['NUL', 'a%00b.txt', 'File path must not contain a NUL character'],
    ['backslash', 'a%5Cb.txt', 'File path must not contain backslashes'],
    [
      'empty segment',
      'a%2F%2Fb.txt',
      'File path must not contain empty segments ("//" or a trailing "/")',
    ],
  ])('GET refuses %s with 400', async (_what, encoded, message) => {
    const res = await call(admin, 'GET', `/api/drives/${DRIVE}/files/${encoded}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', error: message });
  });

  it('refuses a path over 1024 characters', async () => {
    const res = await call(admin, 'GET', `/api/drives/${DRIVE}/files/${'a'.repeat(1100)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('File path is longer than 1024 characters');
  });

  it.each([
    ['a file name with ..', [{ name: '../evil.txt', data: 'x' }], {}],
    ['a backslash name', [{ name: 'dir\\evil.txt', data: 'x' }], {}],
    ['an absolute folder', [{ name: 'ok.txt', data: 'x' }], { path: '/etc' }],
    ['a folder with ..', [{ name: 'ok.txt', data: 'x' }], { path: 'a/../../b' }],
  ])('upload refuses %s with 400 and stores nothing', async (_what, list, fields) => {
    const before = (await call(admin, 'GET', `/api/drives/${DRIVE}/files`)).body.data.data
      .TotalCount;
    const res = await upload(admin, server.url, DRIVE, list, fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    const after = (await call(admin, 'GET', `/api/drives/${DRIVE}/files`)).body.data.data
      .TotalCount;
    expect(after).toBe(before);
  });
});

describe('sniffing', () => {
  it('stores the type the bytes have, not the one the name or browser claims', async () => {
    const res = await upload(
      admin,
      server.url,
      DRIVE,
      [
        { name: 'fake.png', data: '<!doctype html><script>alert(1)</script>', type: 'image/png' },
        { name: 'real.txt', data: PNG_BYTES, type: 'text/plain' },
        {
          name: 'noise.md',
          data: Buffer.from([0, 159, 146, 150, 255, 0, 1]),
          type: 'text/markdown',
        },
        { name: 'page.html', data: '<html><body>Hi</body></html>', type: 'text/plain' },
      ],
      { path: 'sniff' },
    );
    const types = Object.fromEntries(res.body.data.files.map((f: any) => [f.Name, f.MimeType]));
    expect(types).toEqual({
      'fake.png': 'text/html',
      'real.txt': 'image/png',
      'noise.md': 'application/octet-stream',
      'page.html': 'text/html',
    });
  });
});
