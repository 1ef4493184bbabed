import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from '../harness';

/**
 * display.messages with a limit answers with one display.history frame: the
 * newest page with the workspace's research and traces, older and newer pages
 * by cursor, and the page around a message a link points at (DESIGN §8: a
 * long workspace opens at once). Without a limit the spec's display.message
 * frames still come, one per message.
 */

const WORLD = 'innovation-lab';
const COUNT = 230;
let server: TestServer;
let admin: Client;
let sock: TestSocket;
let workspaceId: string;
let otherWorkspaceId: string;
const ids: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  const adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  workspaceId = (await server.store.workspaces.create({ worldId: WORLD, createdBy: adminId })).id;
  otherWorkspaceId = (await server.store.workspaces.create({ worldId: WORLD, createdBy: adminId }))
    .id;
  await server.store.transaction(async (tx) => {
    for (let i = 0; i < COUNT; i++) {
      const id = `m-${String(i).padStart(4, '0')}`;
      ids.push(id);
      await tx.transcripts.addMessage(workspaceId, {
        message_id: id,
        role: i % 2 ? 'assistant' : 'user',
        name: i % 2 ? 'Ada Quant' : 'Administrator',
        expert_id: i % 2 ? 'ada-quant' : null,
        user_id: null,
        content: `message ${i}`,
        html: null,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      });
    }
    await tx.transcripts.addResearchBox(workspaceId, {
      id: 'r1',
      name: null,
      title: 'Sources',
      html: '<p>a source</p>',
      content: null,
    });
    await tx.transcripts.addTrace(workspaceId, { key: 'step 1', html: null, value: { n: 1 } });
    await tx.transcripts.addMessage(otherWorkspaceId, {
      message_id: 'elsewhere',
      role: 'user',
      name: 'Administrator',
      expert_id: null,
      user_id: null,
      content: 'in another workspace',
      html: null,
      created_at: new Date().toISOString(),
    });
  });
  sock = openSocket(server, admin, WORLD);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
});
afterAll(async () => {
  sock.ws.close();
  await server.close();
});

async function page(content: Record<string, unknown>) {
  sock.send({ typ: 'display.messages', content });
  return (await sock.next('display.history')).content;
}

const idsOf = (p: { messages: { message_id: string }[] }) => p.messages.map((m) => m.message_id);

describe('display.history pages', () => {
  it('opens at the newest page, oldest first, with the research and traces, in one frame', async () => {
    const latest = await page({ limit: 50 });
    expect(latest.page).toBe('latest');
    expect(idsOf(latest)).toEqual(ids.slice(-50));
    expect(latest.older).toBe(true);
    expect(latest.newer).toBe(false);
    expect(latest.messages.at(-1)).toMatchObject({
      message_id: ids.at(-1),
      role: 'assistant',
      name: 'Ada Quant',
      expert_id: 'ada-quant',
      content: `message ${COUNT - 1}`,
      final: true,
    });
    // An answer comes with its expert's keywords, as the live frame had them (SPEC §3's Message);
    // a person's question has none.
    expect(latest.messages.at(-1).keywords).toEqual([
      'mathematics',
      'finance',
      'statistics',
      'calculations',
      'percentages',
      'units',
    ]);
    expect(latest.messages.at(-2).keywords).toBeUndefined();
    expect(latest.researchboxes).toEqual([{ id: 'r1', title: 'Sources', html: '<p>a source</p>' }]);
    expect(latest.traces).toEqual([{ key: 'step 1', value: { n: 1 } }]);
  });

  it('pages back to the first message, each page just before the last, with nothing missed or doubled', async () => {
    const seen: string[] = idsOf(await page({ limit: 50 }));
    let older = true;
    while (older) {
      const before = await page({ limit: 50, before: seen[0] });
      expect(before.page).toBe('before');
      expect(before.cursor).toBe(seen[0]);
      expect(before.newer).toBe(true);
      expect(before.researchboxes).toBeUndefined();
      seen.unshift(...idsOf(before));
      older = before.older;
    }
    expect(seen).toEqual(ids);
  });

  it('opens around a message, and pages forward from there to the newest', async () => {
    const around = await page({ limit: 50, around: ids[100] });
    expect(around.page).toBe('around');
    expect(around.cursor).toBe(ids[100]);
    expect(idsOf(around)).toEqual(ids.slice(75, 125));
    expect(around.older).toBe(true);
    expect(around.newer).toBe(true);
    expect(around.researchboxes).toHaveLength(1);
    const seen = idsOf(around);
    let newer = true;
    while (newer) {
      const after = await page({ limit: 50, after: seen.at(-1) });
      expect(after.page).toBe('after');
      seen.push(...idsOf(after));
      newer = after.newer;
    }
    expect(seen).toEqual(ids.slice(75));
  });

  it('around the first or the last message holds what there is on each side', async () => {
    const first = await page({ limit: 50, around: ids[0] });
    expect(idsOf(first)).toEqual(ids.slice(0, 25));
    expect(first.older).toBe(false);
    const last = await page({ limit: 50, around: ids.at(-1) });
    expect(idsOf(last)).toEqual(ids.slice(-26));
    expect(last.newer).toBe(false);
  });

  it('a jump to a message that is not in this workspace lands on the newest page', async () => {
    for (const around of ['no-such-message', 'elsewhere']) {
      const landed = await page({ limit: 10, around });
      expect(landed.page).toBe('latest');
      expect(landed.cursor).toBeUndefined();
      expect(idsOf(landed)).toEqual(ids.slice(-10));
    }
  });

  it('paging from a message of another workspace, or with two cursors, or a bad limit, is refused', async () => {
    sock.send({ typ: 'display.messages', content: { limit: 10, before: 'elsewhere' } });
    expect((await sock.next('server.error')).content.error).toBe(
      'That message is not in this workspace',
    );
    sock.send({ typ: 'display.messages', content: { limit: 10, before: ids[5], after: ids[9] } });
    expect((await sock.next('server.error')).content.error).toBe(
      'Ask for one page: before, after or around',
    );
    for (const limit of [0, 201, 2.5, '10']) {
      sock.send({ typ: 'display.messages', content: { limit } });
      expect((await sock.next('server.error')).content.typ).toBe('display.messages');
    }
    // Nothing was sent for them, and the socket still answers.
    expect(idsOf(await page({ limit: 1 }))).toEqual(ids.slice(-1));
  });

  it('without a limit, every message still comes as its own display.message frame (SPEC §7)', async () => {
    const before = sock.frames.length;
    sock.send({ typ: 'display.messages', content: {} });
    await sock.next('server.trace');
    const frames = sock.frames.slice(before).filter((f) => f.typ === 'display.message');
    expect(frames.map((f) => f.content.message_id)).toEqual(ids);
    expect(frames[1]!.content.keywords).toContain('percentages');
    expect(frames[0]!.content.keywords).toBeUndefined();
  });
});
