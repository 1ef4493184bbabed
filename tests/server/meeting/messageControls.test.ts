import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmEngine } from '../../../server/meeting/llm';
import { hashPassword } from '../../../server/auth/password';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from '../harness';
import { startFakeOpenAi, textChunks, type FakeOpenAi } from './fakeOpenAi';

/**
 * Stop, Regenerate and Edit over the socket (round.stop, message.regenerate,
 * message.edit) with the language-model engine against a fake
 * OpenAI-compatible server: Stop aborts the model stream mid-answer and the
 * partial answer is kept, marked stopped; earlier versions are stored on the
 * message and come back with the history.
 */

const WORLD = 'innovation-lab';
let fake: FakeOpenAi;
let server: TestServer;
let admin: Client;
let member: Client;
let memberId: string;
let workspaceId: string;
const sockets: TestSocket[] = [];
/** The fake's answers: a slow one when the question says so, else "Answer N." */
let answers = 0;

beforeAll(async () => {
  fake = await startFakeOpenAi((req) => {
    const question = JSON.stringify(req.body.messages.at(-1));
    if (question.includes('slowly'))
      return {
        kind: 'stream',
        chunks: textChunks('One two three four five six seven eight nine ten eleven twelve.'),
        delayMs: 150,
      };
    answers += 1;
    return { kind: 'stream', chunks: textChunks(`Answer ${answers}.`) };
  });
  server = await startTestServer(
    {},
    { engine: createLlmEngine({ baseUrl: fake.baseUrl, model: 'fake-model' }) },
  );
  admin = new Client(server.url);
  await admin.signIn();
  const adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  workspaceId = (await server.store.workspaces.create({ worldId: WORLD, createdBy: adminId })).id;
  await server.store.workspaces.addExpert(workspaceId, 'ada-quant');
  const user = await server.store.users.create({
    email: 'member@test.local',
    name: 'Member',
    passwordHash: await hashPassword('member-password'),
  });
  await server.store.users.grant(user.id, WORLD, false);
  memberId = user.id;
  member = new Client(server.url);
  await member.signIn('member@test.local', 'member-password');
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server.close();
  await fake.close();
});

async function inWorkspace(client = admin): Promise<TestSocket> {
  const sock = openSocket(server, client, WORLD);
  sockets.push(sock);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  return sock;
}

const until = async (sock: TestSocket, pred: (f: any) => boolean, ms = 5000) => {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const hit = sock.frames.find(pred);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('frame not seen');
};
const finalAnswer = (id?: string) => (f: any) =>
  f.typ === 'assistant.message' && f.content.final && (!id || f.content.message_id === id);

async function newestPage(sock: TestSocket) {
  sock.send({ typ: 'display.messages', content: { limit: 50 } });
  return (await sock.next('display.history')).content.messages as any[];
}

describe('message controls', () => {
  it('Stop aborts the model stream mid-answer; the partial answer is kept and marked', async () => {
    const sock = await inWorkspace();
    sock.send({ typ: 'user.message', content: { text: 'Count slowly please' } });
    const partial = await until(
      sock,
      (f) => f.typ === 'assistant.message' && !f.content.final && /three/.test(f.content.content),
    );
    sock.send({ typ: 'round.stop', content: {} });
    const stopped = await until(
      sock,
      (f) => f.typ === 'server.progress' && f.content.status === 'stopped',
    );
    expect(stopped.content.cid.startsWith('ada-quant')).toBe(true);
    const final = await until(sock, finalAnswer(partial.content.message_id));
    expect(final.content.stopped).toBe(true);
    expect(final.content.content).toMatch(/^One two three/);
    expect(final.content.content).not.toMatch(/twelve/);
    expect(final.content.model).toBe('fake-model');
    expect(typeof final.content.duration_ms).toBe('number');
    // Nothing more of the aborted stream arrives afterwards.
    await new Promise((r) => setTimeout(r, 600));
    const later = sock.frames.filter(
      (f) => f.typ === 'assistant.message' && f.content.message_id === partial.content.message_id,
    );
    expect(later.at(-1).content.stopped).toBe(true);
    const stored = (await newestPage(sock)).find(
      (m) => m.message_id === partial.content.message_id,
    );
    expect(stored).toMatchObject({
      stopped: true,
      model: 'fake-model',
      content: final.content.content,
    });
    // The dot says stopped, then goes.
    await until(
      sock,
      (f) =>
        f.typ === 'server.progress' &&
        f.content.status === 'done' &&
        f.content.cid === stopped.content.cid,
      5000,
    );
  });

  it('refuses Stop from someone the private workspace is not open to', async () => {
    const sock = await inWorkspace(member);
    sock.send({ typ: 'round.stop', content: {} });
    const refused = await sock.next('server.error');
    expect(refused.content.error).toBe('This workspace is not open to you');
  });

  it('Regenerate answers again under the same message, keeping the earlier answer as a version', async () => {
    const sock = await inWorkspace();
    sock.send({ typ: 'user.message', content: { text: 'What is two plus two?' } });
    const first = await until(sock, finalAnswer());
    const id = first.content.message_id;
    const firstText = first.content.content;
    sock.send({ typ: 'message.regenerate', content: { message_id: id } });
    const again = await until(sock, (f) => finalAnswer(id)(f) && f !== first);
    expect(again.content.content).not.toBe(firstText);
    expect(again.content.versions).toEqual([expect.objectContaining({ content: firstText })]);
    const stored = (await newestPage(sock)).find((m) => m.message_id === id);
    expect(stored.content).toBe(again.content.content);
    expect(stored.versions.map((v: any) => v.content)).toEqual([firstText]);
    // The model saw the question again, not the earlier answer as the last turn.
    const asked = fake.requests.at(-1)!.body.messages.at(-1);
    expect(JSON.stringify(asked)).toContain('What is two plus two?');
  });

  it('Edit replaces the last question, answers again and keeps the earlier exchange', async () => {
    const sock = await inWorkspace();
    const messages = await newestPage(sock);
    const question = messages.filter((m) => m.role === 'user').at(-1);
    const oldAnswer = messages.at(-1);
    sock.send({
      typ: 'message.edit',
      content: { message_id: question.message_id, text: 'What is three plus three?' },
    });
    const removed = await sock.next('display.messages.removed');
    expect(removed.content.message_ids).toEqual([oldAnswer.message_id]);
    const edited = await until(
      sock,
      (f) => f.typ === 'display.message' && f.content.message_id === question.message_id,
    );
    expect(edited.content.content).toBe('What is three plus three?');
    expect(edited.content.versions).toEqual([
      expect.objectContaining({
        content: 'What is two plus two?',
        answers: [
          expect.objectContaining({ message_id: oldAnswer.message_id, content: oldAnswer.content }),
        ],
      }),
    ]);
    const answer = await until(
      sock,
      (f) =>
        finalAnswer()(f) &&
        f.content.message_id !== oldAnswer.message_id &&
        sock.frames.indexOf(f) > sock.frames.indexOf(edited),
    );
    const after = await newestPage(sock);
    expect(after.map((m) => m.message_id).slice(-2)).toEqual([
      question.message_id,
      answer.content.message_id,
    ]);
    expect(after.find((m) => m.message_id === oldAnswer.message_id)).toBeUndefined();
    expect(after.at(-2).versions[0].answers[0].content).toBe(oldAnswer.content);
  });

  it('lets only the author edit, and only the last question', async () => {
    // Invited: the workspace is open to them, the question is still not theirs.
    await server.store.workspaces.addUser(workspaceId, memberId);
    const sock = await inWorkspace(member);
    const messages = await newestPage(sock);
    const last = messages.filter((m) => m.role === 'user').at(-1);
    sock.send({ typ: 'message.edit', content: { message_id: last.message_id, text: 'hijack' } });
    expect((await sock.next('server.error')).content.error).toBe(
      'Only your last message can be edited',
    );
    const own = await inWorkspace();
    const first = messages.find((m) => m.role === 'user');
    own.send({ typ: 'message.edit', content: { message_id: first.message_id, text: 'older one' } });
    expect((await own.next('server.error')).content.error).toBe(
      'Only your last message can be edited',
    );
  });

  it('refuses to regenerate a question', async () => {
    const sock = await inWorkspace();
    const messages = await newestPage(sock);
    const q = messages.find((m) => m.role === 'user');
    sock.send({ typ: 'message.regenerate', content: { message_id: q.message_id } });
    expect((await sock.next('server.error')).content.error).toBe(
      'Only an expert’s answer can be regenerated',
    );
  });
});
