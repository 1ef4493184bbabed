import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_COOKIE, HEADER_CSRF, HEADER_WORLD_ID } from '../../protocol';
import { call } from './driveHelpers';
import { Client, startTestServer, type TestServer } from './harness';

/** A message box attachment goes through the drive upload path: its size cap holds (413). */

const LIMIT = 1024 * 1024;
const WS = 'innovation-lab-welcome';
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_BYTES: LIMIT });
  admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', 'Library');
}, 60_000);

afterAll(async () => server?.close());

it('refuses an attachment over MAX_UPLOAD_BYTES with 413 and attaches nothing', async () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(LIMIT + 1000)]), 'huge.bin');
  const res = await fetch(`${server.url}/api/workspaces/${WS}/files`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: admin.cookieHeader,
      [HEADER_CSRF]: admin.cookies.get(CSRF_COOKIE) ?? '',
      [HEADER_WORLD_ID]: 'innovation-lab',
    },
  });
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ status: 'error', error: 'File too large: the limit is 1 MB' });
  const list = await call(admin, 'GET', `/api/workspaces/${WS}/files`);
  expect(list.body.data.files).toEqual([]);
});

it('refuses an attachment without the CSRF header', async () => {
  const form = new FormData();
  form.append('file', new Blob(['x']), 'x.txt');
  const res = await fetch(`${server.url}/api/workspaces/${WS}/files`, {
    method: 'POST',
    body: form,
    headers: { cookie: admin.cookieHeader, [HEADER_WORLD_ID]: 'innovation-lab' },
  });
  expect(res.status).toBe(403);
});
