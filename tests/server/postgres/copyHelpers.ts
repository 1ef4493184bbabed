import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { ACTION_LOG_FORMAT, ACTION_LOG_VERSION } from '../../../protocol';
import { call, PNG_BYTES, upload } from '../driveHelpers';
import type { Client } from '../harness';
import { openSocket, type TestServer, type TestSocket } from '../harness';

const run = promisify(execFile);

/**
 * `npx tsx scripts/db.ts …` as its own process (tsx straight from
 * node_modules/.bin, as npx runs it, without npm's own notices on stderr);
 * resolves with its output and exit code.
 */
export async function dbCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/db.ts', ...args],
      {
        env: { ...process.env, LOG_LEVEL: 'silent', ...env },
        timeout: 120_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

export const WORLD = 'innovation-lab';
export const LIBRARY = 'Library';
export const NOTES = {
  name: 'copy-notes.md',
  data: '# Zeppelin hangar\nThe hangar opens in spring; the airship moorings are checked weekly.',
};
export const PICTURE = { path: 'pictures', name: 'pixel.png' };

const socketTo = (url: string) => ({ wsUrl: url.replace('http://', 'ws://') }) as TestServer;

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not seen in 30 s`);
}

let requests = 0;
async function ask(sock: TestSocket, typ: string, content: object) {
  const request_id = `copy-${++requests}`;
  sock.send({ typ, content, request_id });
  return (await sock.next(`${typ}.response`, 15_000)).content;
}

async function workspaceSocket(url: string, client: Client, workspaceId: string) {
  const sock = openSocket(socketTo(url), client, WORLD);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  return sock;
}

/** A named workspace made as the dashboard and management page make one. */
async function createWorkspace(
  url: string,
  client: Client,
  name: string,
  experts: string[],
  providers: string[] = [],
) {
  const made = await client.request('POST', '/api/action', {
    body: { action: 'new_chat' },
    headers: { 'X-World-Id': WORLD },
  });
  expect(made.status).toBe(200);
  const id = /[?&]id=([\w-]+)/.exec(made.body.redirect_url)![1]!;
  const sock = await workspaceSocket(url, client, id);
  expect((await ask(sock, 'workspace.update', { name })).status).toBe('success');
  for (const expert_id of experts)
    expect((await ask(sock, 'workspace.expert.add', { expert_id })).status).toBe('success');
  for (const provider_name of providers)
    expect((await ask(sock, 'workspace.toolprovider.add', { provider_name })).status).toBe(
      'success',
    );
  return { id, sock };
}

/** Asks the workspace's experts `text` and waits for the stored final answer. */
export async function meet(url: string, client: Client, workspaceId: string, text: string) {
  const sock = await workspaceSocket(url, client, workspaceId);
  sock.send({ typ: 'user.message', content: { text } });
  const answer = await until('the final answer', async () =>
    sock.frames.find((f) => f.typ === 'assistant.message' && f.content.final === true),
  );
  sock.ws.close();
  return answer.content.content as string;
}

/**
 * Gives a running SQLite installation what people leave in one, all through
 * the API: two workspaces, a meeting with a stored answer, uploads with tags
 * and a description (text indexed for search, a binary picture), a file added
 * to a workspace and a support log. Returns the meeting's workspace id.
 */
export async function useInstallation(url: string, client: Client): Promise<string> {
  const study = await createWorkspace(url, client, 'Copy study', ['ada-quant'], ['calculations']);
  study.sock.ws.close();
  await meet(url, client, study.id, 'What is 12.5% of 2,480?');
  (await createWorkspace(url, client, 'Second room', [])).sock.ws.close();

  const notes = await upload(client, url, LIBRARY, [NOTES], {
    tags: 'zeppelin, Hangar',
    description: 'Hangar notes',
  });
  expect(notes.status).toBe(200);
  const picture = await upload(
    client,
    url,
    LIBRARY,
    [{ name: PICTURE.name, data: PNG_BYTES, type: 'image/png' }],
    { path: PICTURE.path },
  );
  expect(picture.status).toBe(200);
  await until('the notes indexed for search', async () => {
    const found = await call(client, 'POST', `/api/drives/${LIBRARY}/search/text`, {
      query: 'airship',
    });
    return found.body.data.results.length > 0 ? true : undefined;
  });
  const added = await call(client, 'POST', '/api/workspace/add-file', {
    workspaceId: study.id,
    driveName: LIBRARY,
    filePath: NOTES.name,
  });
  expect(added.status).toBe(200);
  const log = {
    format: ACTION_LOG_FORMAT,
    version: ACTION_LOG_VERSION,
    appVersion: '1.0.0',
    recordedAt: new Date().toISOString(),
    dropped: 0,
    initialState: null,
    entries: [{ at: 0, action: { type: 'copy/test' } }],
    payload: '[]',
  };
  const sent = await client.request('POST', '/api/support/logs', {
    body: { note: 'before the move', log },
    headers: { 'X-World-Id': WORLD },
  });
  expect(sent.status).toBe(200);
  return study.id;
}

/** A workspace's stored transcript as display.messages replays it. */
export async function transcript(url: string, client: Client, workspaceId: string) {
  const sock = await workspaceSocket(url, client, workspaceId);
  sock.send({ typ: 'display.messages', content: {} });
  const kinds = ['display.message', 'display.researchbox', 'server.trace'];
  await until('the transcript', async () =>
    sock.frames.some((f) => kinds.includes(f.typ)) ? true : undefined,
  );
  // One handler sends the whole transcript at once; let the rest of it arrive.
  await new Promise((r) => setTimeout(r, 500));
  sock.ws.close();
  return sock.frames
    .filter((f) => kinds.includes(f.typ))
    .map((f) => ({ typ: f.typ, ...f.content }));
}

const paths = (res: any) => res.body.data.results.map((r: any) => r.File.Path).sort();

/** What a user sees of the installation through the API, for comparing two servers. */
export async function viewOf(url: string, client: Client, workspaceId: string) {
  const dashboard = await client.request('GET', '/api/dashboard?id=core', {
    headers: { 'X-World-Id': WORLD },
  });
  const history = dashboard.body.main_column.find(
    (w: any) => w.layout === 'DefaultHistoryWidget',
  ).workspaces;
  const text = (query: string) =>
    call(client, 'POST', `/api/drives/${LIBRARY}/search/text`, { query });
  const zeppelin = await text('zeppelin');
  const download = await fetch(
    `${url}/api/drives/${LIBRARY}/files/${PICTURE.path}/${PICTURE.name}?download=true`,
    { headers: { cookie: client.cookieHeader, 'X-World-Id': WORLD } },
  );
  const logs = await client.request('GET', '/api/support/logs', {
    headers: { 'X-World-Id': WORLD },
  });
  return {
    workspaces: history.map((w: any) => ({
      id: w.workspace_id,
      name: w.name,
      users: w.users,
      experts: w.experts,
    })),
    transcript: await transcript(url, client, workspaceId),
    // Tags of equal count are ordered by name, and SQLite and PostgreSQL
    // order case differently there (min(tag) of a NOCASE column against CITEXT).
    drives: (await call(client, 'GET', '/api/drives')).body.data.map((d: any) => ({
      ...d,
      Tags: [...d.Tags].sort((a: any, b: any) => (a.Name < b.Name ? -1 : 1)),
    })),
    files: (await call(client, 'GET', `/api/drives/${LIBRARY}/files?limit=1000`)).body.data.data,
    zeppelin: zeppelin.body.data.results.map((r: any) => ({
      path: r.File.Path,
      tags: r.File.Tags,
      // FTS5's snippet picks the best column, ts_headline reads the body:
      // the passage may differ, the marked word may not.
      marked: [...r.Snippet.matchAll(/«([^»]+)»/g)].map((m) => m[1].toLowerCase()),
    })),
    retry: paths(await text('retry')),
    tags: paths(
      await call(client, 'POST', `/api/drives/${LIBRARY}/search/tags`, { tags: ['hangar'] }),
    ),
    picture: {
      status: download.status,
      bytes: Buffer.from(await download.arrayBuffer()).toString('hex'),
    },
    supportLogs: logs.body.logs,
  };
}
