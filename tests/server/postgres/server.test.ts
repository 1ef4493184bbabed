import { afterEach, describe, expect } from 'vitest';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { pgTest } from '../../support/postgresTest';
import { call, upload } from '../driveHelpers';
import { Client, openSocket, type TestServer } from '../harness';

/**
 * The real server process on a real PostgreSQL (DATABASE_URL): the seed,
 * sign-in, a meeting with stored history, a drive upload found by text
 * search, and the same data after a restart.
 */
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

async function start(pgUrl: string): Promise<ServerProcess> {
  const proc = await startServerProcess({ DATABASE_URL: pgUrl });
  running.push(proc);
  return proc;
}

const socketOf = (proc: ServerProcess) =>
  ({ wsUrl: proc.url.replace('http://', 'ws://') }) as TestServer;

async function frame(sock: ReturnType<typeof openSocket>, match: (f: any) => boolean) {
  for (let i = 0; i < 300; i++) {
    const found = sock.frames.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`frame not seen; got ${sock.frames.map((f) => f.typ).join(', ')}`);
}

describe('EMgen on PostgreSQL', () => {
  pgTest(
    'seeds, signs in, holds a meeting, finds an upload, and keeps it all across a restart',
    async ({ pgUrl }) => {
      const first = await start(pgUrl);
      const client = new Client(first.url);
      const signed = await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
      expect(signed.status).toBe(200);
      expect(signed.body.accessible_worlds.map((w: any) => w.world_id).sort()).toEqual([
        'acme_research',
        'innovation-lab',
      ]);

      const sock = openSocket(socketOf(first), client);
      await sock.next('server.hello');
      sock.send({
        typ: 'scontext.set',
        content: { key: 'workspace_id', value: 'innovation-lab-welcome' },
      });
      sock.send({
        typ: 'scontext.set',
        content: { key: 'selected_experts', value: ['ada-quant'] },
      });
      sock.send({ typ: 'user.message', content: { text: 'What is 12.5% of 2,480?' } });
      const answer = await frame(
        sock,
        (f) => f.typ === 'assistant.message' && f.content.final === true,
      );
      expect(answer.content.content).toContain('310');
      sock.ws.close();

      const sent = await upload(client, first.url, 'Library', [
        { name: 'pg-notes.md', data: '# Zeppelin hangar\nThe hangar opens in spring.' },
      ]);
      expect(sent.status).toBe(200);
      let results: any[] = [];
      for (let i = 0; i < 100 && results.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        results = (
          await call(client, 'POST', '/api/drives/Library/search/text', { query: 'zeppelin' })
        ).body.data.results;
      }
      expect(results.map((r) => r.File.Path)).toEqual(['pg-notes.md']);
      expect(results[0].Snippet).toContain('«Zeppelin»');

      await first.stop();
      running.splice(running.indexOf(first), 1);
      const second = await start(pgUrl);
      const again = new Client(second.url);
      expect((await again.signIn(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);
      const back = openSocket(socketOf(second), again);
      await back.next('server.hello');
      back.send({
        typ: 'scontext.set',
        content: { key: 'workspace_id', value: 'innovation-lab-welcome' },
      });
      back.send({ typ: 'display.messages', content: {} });
      await frame(
        back,
        (f) => f.typ === 'display.message' && f.content.content === 'What is 12.5% of 2,480?',
      );
      const stored = await frame(
        back,
        (f) => f.typ === 'display.message' && f.content.role === 'assistant',
      );
      expect(stored.content.content).toContain('310');
      back.ws.close();
    },
    90_000,
  );

  pgTest(
    'two servers starting together on a fresh database seed it once, and both serve',
    async ({ pgUrl }) => {
      const [a, b] = await Promise.all([start(pgUrl), start(pgUrl)]);
      const printed = a.output() + b.output();
      // Exactly one of them created the admin (and said so once).
      expect(printed.match(/Created the admin account/g)).toHaveLength(1);
      for (const proc of [a, b]) {
        const client = new Client(proc.url);
        const signed = await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
        expect(signed.status).toBe(200);
        expect(signed.body.accessible_worlds).toHaveLength(2);
      }
    },
    90_000,
  );
});
