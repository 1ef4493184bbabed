import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import {
  findPostgresBin,
  POSTGRES_MISSING,
  startPostgres,
  type TestPostgres,
} from '../../support/postgres';
import { call, upload } from '../driveHelpers';
import { Client, openSocket, type TestServer, type TestSocket } from '../harness';
import { startFakeOpenAi, textChunks, type FakeOpenAi } from '../meeting/fakeOpenAi';

/**
 * EMgen's own process (crashes end it, as in production) on a PostgreSQL
 * that goes away and comes back. The cluster is this file's own: the shared
 * one serves other test files meanwhile. The expert answers through a
 * language-model provider the test holds, so a round is in flight when
 * PostgreSQL stops or restarts; a lock or a trigger the test holds puts a
 * server write in flight.
 */

const hasPostgres = Boolean(findPostgresBin());
if (!hasPostgres) console.warn(POSTGRES_MISSING);

const WORKSPACE = 'innovation-lab-welcome';
const EXPERT = 'ada-quant';
const UNREACHABLE = 'The database cannot be reached right now; try again in a moment';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The question of a chat-completions request: the last turn, without its "[name]: " prefix. */
function questionOf(body: any): string {
  const users = (body.messages as { role: string; content: unknown }[]).filter(
    (m) => m.role === 'user',
  );
  const content = users.at(-1)?.content;
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  // Turns nobody answered are joined into one, a paragraph each.
  return text
    .split('\n\n')
    .at(-1)!
    .replace(/^\[[^\]]*\]: /, '');
}

/** Answers every question at once, except those the test holds until it lets them go. */
class HeldAnswers {
  private readonly releases = new Map<string, () => void>();
  private readonly gates = new Map<string, Promise<void>>();

  /** A question containing `word` is answered only once `release(word)` is called. */
  hold(word: string): void {
    this.gates.set(word, new Promise<void>((resolve) => this.releases.set(word, resolve)));
  }

  release(word: string): void {
    this.releases.get(word)?.();
  }

  reply(question: string) {
    const gate = [...this.gates].find(([word]) => question.includes(word))?.[1];
    return { kind: 'stream' as const, chunks: textChunks(`Answer to: ${question}`), after: gate };
  }
}

async function until<T>(what: string, find: () => T | undefined | false, ms = 20_000) {
  const start = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() - start > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await sleep(25);
  }
}

async function untilAsync(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await sleep(50);
  }
}

async function signedIn(proc: ServerProcess): Promise<Client> {
  const client = new Client(proc.url);
  const signed = await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
  expect(signed.status).toBe(200);
  return client;
}

/** A socket with the demo workspace open and one expert selected. */
async function meeting(proc: ServerProcess, client: Client): Promise<TestSocket> {
  const sock = openSocket({ wsUrl: proc.url.replace('http://', 'ws://') } as TestServer, client);
  await sock.next('server.hello', 10_000);
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WORKSPACE } });
  sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: [EXPERT] } });
  return sock;
}

/** Sends a question and resolves with its echo: the server has stored it. */
async function ask(sock: TestSocket, text: string) {
  sock.send({ typ: 'user.message', content: { text } });
  return until(`echo of "${text}"`, () =>
    sock.frames.find((f) => f.typ === 'user.echo' && f.content.content === text),
  );
}

/** Every assistant.message frame of the answer whose text (streamed or final) mentions `word`. */
function answerFrames(sock: TestSocket, word: string): any[] {
  const first = sock.frames.find(
    (f) => f.typ === 'assistant.message' && String(f.content.content).includes(word),
  );
  if (!first) return [];
  return sock.frames.filter(
    (f) => f.typ === 'assistant.message' && f.content.message_id === first.content.message_id,
  );
}

/** Sends a question and resolves with the text of the expert's final answer to it. */
async function askAndAnswer(sock: TestSocket, text: string): Promise<string> {
  await ask(sock, text);
  const final = await until(`answer to "${text}"`, () =>
    answerFrames(sock, text).find((f) => f.content.final === true),
  );
  expect(final.content.content).toBe(`Answer to: ${text}`);
  return final.content.content;
}

/**
 * The end of a round that failed: the failed progress item of its expert (its
 * cid is the expert's id and the start of the question's message id) and the
 * final answer frames sent after the question's echo.
 */
async function failedRound(sock: TestSocket, echo: any) {
  const cid = `${EXPERT}-${String(echo.content.message_id).slice(0, 8)}`;
  const failed = await until(`the failed progress of ${cid}`, () =>
    sock.frames.find(
      (f) => f.typ === 'server.progress' && f.content.cid === cid && f.content.status === 'failed',
    ),
  );
  const finals = sock.frames
    .slice(sock.frames.indexOf(echo))
    .filter((f) => f.typ === 'assistant.message' && f.content.final === true);
  return { failed, finals };
}

/** The transcript as a newcomer is shown it: a fresh socket asks for display.messages. */
async function transcript(proc: ServerProcess, client: Client): Promise<string[]> {
  const sock = await meeting(proc, client);
  sock.send({ typ: 'display.messages', content: {} });
  // A socket's frames are handled in order: this reply comes after every message shown.
  sock.send({ typ: 'workspace.expert.details', content: {}, request_id: 'after-transcript' });
  await sock.next('workspace.expert.details.response', 10_000);
  sock.ws.close();
  return sock.frames.filter((f) => f.typ === 'display.message').map((f) => f.content.content);
}

/** How many of the server's sessions on `database` wait for `what` ('Lock', 'Timeout' …). */
async function waiting(admin: pg.Client, database: string, what: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = $1 AND application_name = 'emgen' AND wait_event_type = $2`,
    [database, what],
  );
  return rows[0]!.n;
}

/** A connection of the test's own; a restart ends it without ending the test. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Holds `LOCK TABLE … IN mode` in an open transaction until the client ends or commits. */
async function lockTable(url: string, table: string, mode: string): Promise<pg.Client> {
  const client = await connect(url);
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${pg.escapeIdentifier(table)} IN ${mode} MODE`);
  return client;
}

const databaseOf = (url: string) => new URL(url).pathname.slice(1);

describe.skipIf(!hasPostgres)('EMgen on a PostgreSQL of its own', () => {
  let cluster: TestPostgres;
  let llm: FakeOpenAi;
  let admin: pg.Client;
  const answers = new HeldAnswers();
  const processes: ServerProcess[] = [];

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const proc = await startServerProcess({
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake',
      ...env,
    });
    processes.push(proc);
    return proc;
  }

  /** The process is still serving: no crash line, no exit. */
  function stillRunning(proc: ServerProcess): void {
    expect(proc.output()).not.toContain('EMgen crashed');
    expect(proc.child.exitCode, proc.output()).toBeNull();
  }

  beforeAll(async () => {
    // Commits flushed before they are acknowledged, as PostgreSQL's default: the tests'
    // synchronous_commit=off would let a crash restart drop what EMgen acknowledged.
    cluster = await startPostgres({ settings: { synchronous_commit: 'on' } });
    llm = await startFakeOpenAi((req) => answers.reply(questionOf(req.body)));
  }, 120_000);

  afterAll(async () => {
    for (const proc of processes) if (proc.child.exitCode === null) await proc.stop();
    await admin?.end().catch(() => {});
    await llm?.close();
    await cluster?.stop();
  });

  describe('while PostgreSQL restarts', () => {
    let proc: ServerProcess;
    let dbUrl: string;
    let client: Client;
    let sock: TestSocket;
    /** What the server acknowledged: echoed questions and answers sent as stored. */
    const acknowledged: string[] = [];

    beforeAll(async () => {
      dbUrl = await cluster.createDatabase();
      proc = await start({ DATABASE_URL: dbUrl });
      client = await signedIn(proc);
      sock = await meeting(proc, client);
      acknowledged.push(...(await transcript(proc, client)));
    }, 60_000);

    afterAll(() => sock?.ws.close());

    it('answers and stores a first round', async () => {
      const text = 'What is 2 + 2?';
      acknowledged.push(text, await askAndAnswer(sock, text));
    });

    it('restarted while an expert thinks: its answer is stored on a new connection', async () => {
      const text = 'HOLD-1 while the database restarts?';
      answers.hold('HOLD-1');
      acknowledged.push((await ask(sock, text)).content.content);
      await until('the expert asking the model', () =>
        llm.requests.some((r) => questionOf(r.body).includes('HOLD-1')),
      );
      await cluster.restart();
      answers.release('HOLD-1');
      const final = await until('the answer', () =>
        answerFrames(sock, 'HOLD-1').find((f) => f.content.final === true),
      );
      expect(final.content.content).toBe(`Answer to: ${text}`);
      acknowledged.push(final.content.content);
      stillRunning(proc);
    }, 60_000);

    it('restarted while an answer is being written: that round fails visibly, the next one works', async () => {
      const text = 'HOLD-2 written during the restart?';
      answers.hold('HOLD-2');
      const echo = await ask(sock, text);
      acknowledged.push(echo.content.content);
      await until('the expert asking the model', () =>
        llm.requests.some((r) => questionOf(r.body).includes('HOLD-2')),
      );
      // The answer's write waits on a lock the test holds, so it is in flight at the restart.
      admin = await connect(cluster.url);
      const lock = await lockTable(dbUrl, 'messages', 'EXCLUSIVE');
      answers.release('HOLD-2');
      await untilAsync(
        "the answer's write waiting on the lock",
        async () => (await waiting(admin, databaseOf(dbUrl), 'Lock')) > 0,
      );
      await admin.end();
      // A crash restart: on a fast one the lock holder may end first and the waiting
      // write commit before its own session ends (then the answer is stored and shown).
      await cluster.restart('immediate');
      await lock.end().catch(() => {});

      const { failed, finals } = await failedRound(sock, echo);
      expect(failed.content).toMatchObject({ status: 'failed', error: UNREACHABLE });
      // The answer it could not keep is not shown as one: the bubble ends saying why.
      expect(finals.map((f) => f.content.content)).toEqual([
        `**Ada Quant could not answer:** ${UNREACHABLE}`,
      ]);
      stillRunning(proc);

      // The same socket, with no restart of EMgen: the pool has new connections.
      const next = 'What comes after the restart?';
      acknowledged.push(next, await askAndAnswer(sock, next));
    }, 60_000);

    it('down while an expert answers: that round fails visibly, requests get a clear error, and all works once it is back', async () => {
      const text = 'HOLD-3 while the database is down?';
      answers.hold('HOLD-3');
      const echo = await ask(sock, text);
      acknowledged.push(echo.content.content);
      await until('the expert asking the model', () =>
        llm.requests.some((r) => questionOf(r.body).includes('HOLD-3')),
      );
      await cluster.down();
      try {
        answers.release('HOLD-3');
        const { failed, finals } = await failedRound(sock, echo);
        expect(failed.content).toMatchObject({ status: 'failed', error: UNREACHABLE });
        expect(finals.map((f) => f.content.content)).toEqual([
          `**Ada Quant could not answer:** ${UNREACHABLE}`,
        ]);

        // Liveness does not depend on the store: it answers, and at once.
        const started = Date.now();
        const health = await fetch(`${proc.url}/api/health`);
        expect(health.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(2_000);
        // A request that needs the store says why it cannot be served, as 503.
        const read = await client.request('GET', '/api/console?worldId=innovation-lab');
        expect(read.status).toBe(503);
        expect(read.body).toEqual({ status: 'error', error: UNREACHABLE });

        // A frame whose access check cannot reach the store is not handled: the socket
        // closes (fail closed, as for any failed check) and the client reconnects.
        sock.send({ typ: 'user.message', content: { text: 'Sent while it is down' } });
        expect(await sock.closed).toEqual({ code: 1011, reason: 'Access check failed' });
        stillRunning(proc);
      } finally {
        await cluster.up();
      }
      sock = await meeting(proc, client);
      const next = 'And once it is back?';
      acknowledged.push(next, await askAndAnswer(sock, next));
      stillRunning(proc);
    }, 60_000);

    it('keeps everything it acknowledged, in order, and nothing it did not', async () => {
      const shown = await transcript(proc, client);
      expect(shown).toEqual(acknowledged);
      expect(shown.join('\n')).not.toContain('Sent while it is down');
      stillRunning(proc);
    });

    it('indexes an upload whose indexing the restart cut off, once it is back', async () => {
      admin = await connect(dbUrl);
      // The demo documents are indexed first, so the next write to the text index is ours.
      await untilAsync(
        'the demo documents indexed',
        async () => {
          const { rows } = await admin.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM drive_files WHERE indexed_at IS NULL',
          );
          return rows[0]!.n === 0;
        },
        60_000,
      );
      // A trigger of the test's own holds the indexer's write until the restart cuts it off.
      await admin.query(`CREATE FUNCTION test_hold() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN PERFORM pg_sleep(25); RETURN NEW; END $$`);
      await admin.query(
        'CREATE TRIGGER test_hold BEFORE UPDATE ON drive_fts FOR EACH ROW EXECUTE FUNCTION test_hold()',
      );
      const sent = await upload(client, proc.url, 'Library', [
        { name: 'restart-notes.md', data: '# Zeppelin hangar\nOpens after the restart.' },
      ]);
      expect(sent.status).toBe(200);
      await untilAsync(
        'the indexer writing',
        async () => (await waiting(admin, databaseOf(dbUrl), 'Timeout')) > 0,
      );
      await admin.end();
      await cluster.restart();
      admin = await connect(dbUrl);
      await admin.query('DROP TRIGGER test_hold ON drive_fts');
      await admin.end();

      let paths: string[] = [];
      await untilAsync(
        'the upload found by text search',
        async () => {
          const found = await call(client, 'POST', '/api/drives/Library/search/text', {
            query: 'zeppelin',
          });
          paths = found.body?.data?.results?.map((r: any) => r.File.Path) ?? [];
          return paths.length > 0;
        },
        30_000,
      );
      expect(paths).toEqual(['restart-notes.md']);
      expect(proc.output()).toMatch(/Indexing file \d+ failed \(it is queued again later\)/);
      stillRunning(proc);
    }, 90_000);
  });

  describe('with a short statement timeout', () => {
    const TIMEOUT_MS = 1500;
    let proc: ServerProcess;
    let dbUrl: string;
    let client: Client;

    beforeAll(async () => {
      dbUrl = await cluster.createDatabase();
      proc = await start({
        DATABASE_URL: dbUrl,
        DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
      });
      client = await signedIn(proc);
    }, 60_000);

    it('a message whose write waits past it gets a clear error, and the socket goes on', async () => {
      const sock = await meeting(proc, client);
      const lock = await lockTable(dbUrl, 'messages', 'EXCLUSIVE');
      const started = Date.now();
      sock.send({ typ: 'user.message', content: { text: 'Held up by a lock?' } });
      const refused = await sock.next('server.error', 20_000);
      const took = Date.now() - started;
      await lock.query('COMMIT');
      await lock.end();
      expect(refused.content).toEqual({
        error: 'The database did not answer within 1.5 s',
        typ: 'user.message',
      });
      // PostgreSQL cancelled it at the limit: not before, and not minutes later.
      expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS);
      expect(took).toBeLessThan(15_000);

      const next = 'And without the lock?';
      await askAndAnswer(sock, next);
      const shown = await transcript(proc, client);
      expect(shown).toContain(next);
      expect(shown).not.toContain('Held up by a lock?');
      sock.ws.close();
      stillRunning(proc);
    }, 60_000);

    it('a request whose query waits past it gets 503 with the reason, and the server goes on', async () => {
      const lock = await lockTable(dbUrl, 'console_messages', 'ACCESS EXCLUSIVE');
      const read = await client.request('GET', '/api/console?worldId=innovation-lab');
      await lock.query('COMMIT');
      await lock.end();
      expect(read.status).toBe(503);
      expect(read.body).toEqual({
        status: 'error',
        error: 'The database did not answer within 1.5 s',
      });
      const again = await client.request('GET', '/api/console?worldId=innovation-lab');
      expect(again.status).toBe(200);
      stillRunning(proc);
    }, 30_000);
  });
});
