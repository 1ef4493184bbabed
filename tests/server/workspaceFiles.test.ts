import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, HEADER_CSRF, HEADER_WORLD_ID, type WorkspaceExport } from '../../protocol';
import { call } from './driveHelpers';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';

/**
 * The files of a workspace (issue 20): attach by upload into the world's default drive,
 * list, detach, the workspace.files.changed frame to everyone on the workspace, the
 * Librarian looking there first, and the Markdown / JSON export.
 */

const WORLD = 'innovation-lab';
const WS = 'innovation-lab-welcome';
const OTHER_WS = 'acme_research-welcome';
const FACT =
  '# Project Zephyr\n\nThe Zephyr prototype kiln fires at exactly 1284 degrees for glazing.\n\n' +
  '## Team\n\nThe kiln team meets on Thursdays.';

let server: TestServer;
let admin: Client;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  const drive = await server.drives.ensureDrive(WORLD, 'Library');
  await server.drives.putFile(drive, 'other/kilns.md', Buffer.from('Kilns in general fire hot.'));
  await server.drives.putFile(
    drive,
    'other/bees.md',
    Buffer.from('# Beehives\n\nOur rooftop beehives produce their honey harvest in late June.'),
  );
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server?.close();
});

async function attach(
  files: { name: string; data: string }[],
  workspaceId = WS,
  world = WORLD,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([f.data], { type: 'text/markdown' }), f.name);
  const res = await fetch(`${server.url}/api/workspaces/${encodeURIComponent(workspaceId)}/files`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: admin.cookieHeader,
      [HEADER_CSRF]: admin.cookies.get(CSRF_COOKIE) ?? '',
      [HEADER_WORLD_ID]: world,
    },
  });
  return { status: res.status, body: await res.json() };
}

async function onWorkspace(): Promise<TestSocket> {
  const sock = openSocket(server, admin, WORLD);
  sockets.push(sock);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WS } });
  sock.send({ typ: 'workspace.expert.details', content: {} });
  await sock.next('workspace.expert.details.response');
  return sock;
}

describe('workspace files', () => {
  it('attaches an upload to the workspace in the default drive and tells the workspace', async () => {
    const sock = await onWorkspace();
    const up = await attach([{ name: 'zephyr.md', data: FACT }]);
    expect(up.status).toBe(200);
    expect(up.body.data.files).toEqual([
      {
        drive: 'Library',
        path: 'uploads/zephyr.md',
        name: 'zephyr.md',
        size: FACT.length,
        mimeType: expect.any(String),
      },
    ]);
    expect((await sock.next('workspace.files.changed')).content).toEqual({ workspaceId: WS });
    const list = await call(admin, 'GET', `/api/workspaces/${WS}/files`);
    expect(list.body.data).toMatchObject({ uploadDrive: 'Library', uploadFolder: 'uploads' });
    expect(list.body.data.files.map((f: any) => f.path)).toEqual(['uploads/zephyr.md']);
  });

  it('adds a finder file through add-file and tells the workspace', async () => {
    const sock = await onWorkspace();
    const body = { workspaceId: WS, driveName: 'Library', filePath: 'other/kilns.md' };
    expect((await call(admin, 'POST', '/api/workspace/add-file', body)).status).toBe(200);
    expect((await sock.next('workspace.files.changed')).content).toEqual({ workspaceId: WS });
    const list = await call(admin, 'GET', `/api/workspaces/${WS}/files`);
    expect(list.body.data.files.map((f: any) => f.path)).toEqual([
      'uploads/zephyr.md',
      'other/kilns.md',
    ]);
  });

  it('detaches a file (the drive keeps it); a file not attached is a 404', async () => {
    const sock = await onWorkspace();
    const url = `/api/workspaces/${WS}/files?drive=Library&path=${encodeURIComponent('other/kilns.md')}`;
    expect((await call(admin, 'DELETE', url)).status).toBe(200);
    expect((await sock.next('workspace.files.changed')).content).toEqual({ workspaceId: WS });
    const again = await call(admin, 'DELETE', url);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('This file is not in the workspace');
    const list = await call(admin, 'GET', `/api/workspaces/${WS}/files`);
    expect(list.body.data.files.map((f: any) => f.path)).toEqual(['uploads/zephyr.md']);
    const drive = await server.drives.requireDrive(WORLD, 'Library');
    expect(await server.drives.requireFile(drive, 'other/kilns.md')).toBeTruthy();
  });

  it('refuses a workspace of another world, no session, and bad input', async () => {
    const other = await call(admin, 'GET', `/api/workspaces/${OTHER_WS}/files`);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('This workspace does not exist');
    expect((await attach([{ name: 'x.md', data: 'x' }], OTHER_WS)).status).toBe(404);
    expect(
      (await call(admin, 'GET', `/api/workspaces/${OTHER_WS}/export?format=json`)).status,
    ).toBe(404);
    const anon = new Client(server.url);
    expect((await call(anon, 'GET', `/api/workspaces/${WS}/files`)).status).toBe(401);
    expect((await call(admin, 'DELETE', `/api/workspaces/${WS}/files?drive=Library`)).status).toBe(
      400,
    );
    expect((await call(admin, 'GET', `/api/workspaces/${WS}/export?format=pdf`)).status).toBe(400);
    expect((await attach([{ name: '../evil.md', data: 'x' }])).status).toBe(400);
  });
});

describe('the Librarian and the export', () => {
  it('answers from the workspace file first, says so and links it', async () => {
    await server.drives.whenIndexed();
    const sock = await onWorkspace();
    sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: ['librarian'] } });
    sock.send({
      typ: 'user.message',
      content: {
        text: '@Librarian Lee, which temperature does the Zephyr kiln fire at?',
      },
    });
    const answer = await waitFor(() =>
      sock.frames.find((f) => f.typ === 'assistant.message' && f.content.final),
    );
    expect(answer.content.content).toMatch(
      /^In this workspace's files, the closest passage is in \[uploads\/zephyr\.md\]\(\/w\/innovation-lab\/emdrive\/Library\/file\/uploads\/zephyr\.md\)/,
    );
    expect(answer.content.content).toContain('1284 degrees');
  }, 60_000);

  it('exports the conversation as JSON with a version, messages and files', async () => {
    const res = await call(admin, 'GET', `/api/workspaces/${WS}/export?format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(
      'attachment; filename="Welcome-meeting.json"',
    );
    const doc = res.body as WorkspaceExport;
    expect(doc.version).toBe(1);
    expect(doc.workspace).toMatchObject({ id: WS, name: 'Welcome meeting', worldId: WORLD });
    expect(doc.files.map((f) => f.path)).toEqual(['uploads/zephyr.md']);
    expect(doc.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(doc.messages[0]!.content).toContain('Zephyr kiln fire');
    expect(doc.research.length).toBeGreaterThan(0);
    expect(doc.traces.length).toBeGreaterThan(0);
  });

  it('exports the conversation as Markdown, each message with speaker and time', async () => {
    const res = await call(admin, 'GET', `/api/workspaces/${WS}/export?format=md`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const md = res.body as string;
    expect(md.startsWith('# Welcome meeting\n')).toBe(true);
    expect(md).toContain('## Conversation');
    expect(md).toMatch(/### Librarian Lee · \d{4}-\d\d-\d\dT/);
    expect(md).toContain('1284 degrees');
    expect(md).toContain('## Research');
    expect(md).toContain('## Traces');
  });

  it('falls back to the whole drive, saying it found nothing in the workspace files', async () => {
    const sock = await onWorkspace();
    sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: ['librarian'] } });
    sock.send({
      typ: 'user.message',
      content: {
        text: '@Librarian Lee, per our documents, when do the rooftop beehives produce honey?',
      },
    });
    const answer = await waitFor(() =>
      sock.frames.find((f) => f.typ === 'assistant.message' && f.content.final),
    );
    expect(answer.content.content).toMatch(
      /^I found nothing about “.*beehives.*” in this workspace's files, so I searched the whole of this world's drives\. The closest passage is in \[other\/bees\.md\]/,
    );
  }, 60_000);

  it('pages through a long transcript in order', async () => {
    // Shared with the world: open to the admin who exports it.
    const ws = await server.store.workspaces.create({ worldId: WORLD, name: 'Long', shared: true });
    for (let i = 0; i < 1203; i++)
      await server.store.transcripts.addMessage(ws.id, {
        message_id: `m${i}`,
        role: 'user',
        name: 'Administrator',
        expert_id: null,
        user_id: null,
        content: `message ${i}`,
        html: null,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      });
    const res = await call(admin, 'GET', `/api/workspaces/${ws.id}/export?format=json`);
    const doc = res.body as WorkspaceExport;
    expect(doc.messages).toHaveLength(1203);
    expect(doc.messages.map((m) => m.id)).toEqual(Array.from({ length: 1203 }, (_, i) => `m${i}`));
  }, 60_000);
});

async function waitFor<T>(get: () => T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
