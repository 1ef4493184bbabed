import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpertEngine } from '../../../server/meeting/types';
import {
  Client,
  enterWorkspace,
  openSocket,
  startTestServer,
  type TestServer,
  type TestSocket,
} from '../harness';

/**
 * The transcript is stored in the order the meeting said things, whichever
 * expert said them and however their answers interleave; a user's words are
 * stored before any expert starts on them.
 */

const WORLD = 'innovation-lab';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long each expert takes between its steps: they finish in another order than they start. */
const PACE: Record<string, number> = { 'ada-quant': 30, chrono: 5, librarian: 15, scout: 0 };

let server: TestServer;
/** What was stored when each expert started: [expert id, the question, stored message texts]. */
const startedOn: [string, string, (string | null)[]][] = [];

const engine: ExpertEngine = {
  name: 'interleaved',
  async answer(req, report) {
    const stored = await server.store.transcripts.messages(workspaceId);
    startedOn.push([req.expert.id, req.question, stored.map((m) => m.content)]);
    const pace = PACE[req.expert.id] ?? 0;
    for (let step = 0; step < 3; step++) {
      report.trace(`${req.expert.name} · step ${step}`, { value: { step, q: req.question } });
      if (step === 1) report.researchBox({ title: `${req.expert.name} on ${req.question}` });
      report.answer(`${req.expert.name} thinking (${step})`, false);
      await sleep(pace);
    }
    report.answer(`${req.expert.name} on "${req.question}"`, true);
  },
};

let admin: Client;
let workspaceId: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer({}, { engine, tools: [] });
  admin = new Client(server.url);
  await admin.signIn();
  const adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  const ws = await server.store.workspaces.create({ worldId: WORLD, createdBy: adminId });
  workspaceId = ws.id;
  for (const id of Object.keys(PACE)) await server.store.workspaces.addExpert(ws.id, id);
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server.close();
});

const until = async (pred: () => boolean, ms = 10_000) => {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > ms) throw new Error('frames not seen');
    await sleep(20);
  }
};

describe('the stored transcript', () => {
  it('is in the order things were said, over rounds sent back to back by two people', async () => {
    const sock = openSocket(server, admin, WORLD);
    const other = openSocket(server, admin, WORLD);
    sockets.push(sock, other);
    for (const s of [sock, other]) {
      await s.next('server.hello');
      // Each hears the other's rounds only once the server has it in the workspace.
      await enterWorkspace(s, workspaceId);
    }
    const questions = ['one', 'two', 'three', 'four'];
    // Without waiting for any answer; the second person joins in between.
    sock.send({ typ: 'user.message', content: { text: questions[0] } });
    other.send({ typ: 'user.message', content: { text: questions[1] } });
    sock.send({ typ: 'user.message', content: { text: questions[2] } });
    other.send({ typ: 'user.message', content: { text: questions[3] } });

    const experts = Object.keys(PACE).length;
    const dones = () =>
      sock.frames.filter((f) => f.typ === 'server.progress' && f.content.status === 'done');
    await until(() => dones().length === questions.length * experts);

    // What everyone watching saw, in the order they saw it (one socket sees all of it).
    const said = sock.frames
      .filter((f) => f.typ === 'user.echo' || (f.typ === 'assistant.message' && f.content.final))
      .map((f) => f.content.content);
    expect(said).toHaveLength(questions.length * (1 + experts));
    const stored = await server.store.transcripts.messages(workspaceId);
    expect(stored.map((m) => m.content)).toEqual(said);
    // The answers really interleaved: not simply each round's block in turn.
    const roundOf = (text: string) => questions.findIndex((q) => text.includes(`"${q}"`));
    const answerRounds = said.filter((t) => t.includes('"')).map(roundOf);
    expect(answerRounds).not.toEqual([...answerRounds].sort());

    const traces = sock.frames.filter((f) => f.typ === 'server.trace').map((f) => f.content.key);
    expect(traces).toHaveLength(questions.length * experts * 3);
    expect((await server.store.transcripts.traces(workspaceId)).map((t) => t.key)).toEqual(traces);
    const boxes = sock.frames
      .filter((f) => f.typ === 'display.researchbox')
      .map((f) => f.content.id);
    expect((await server.store.transcripts.researchBoxes(workspaceId)).map((b) => b.id)).toEqual(
      boxes,
    );

    // Every expert started after its question was stored.
    expect(startedOn).toHaveLength(questions.length * experts);
    for (const [expert, question, storedThen] of startedOn)
      expect(storedThen, `${expert} on ${question}`).toContain(question);
  });

  it('is what a newcomer is shown, with nothing missing or doubled', async () => {
    const late = openSocket(server, admin, WORLD);
    sockets.push(late);
    await late.next('server.hello');
    late.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
    late.send({ typ: 'display.messages', content: {} });
    const stored = await server.store.transcripts.messages(workspaceId);
    await until(() => late.frames.filter((f) => f.typ === 'server.trace').length === 48);
    const shown = late.frames.filter((f) => f.typ === 'display.message').map((f) => f.content);
    expect(shown.map((m) => m.message_id)).toEqual(stored.map((m) => m.message_id));
  });
});
