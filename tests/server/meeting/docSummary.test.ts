import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_DOCUMENTS_DIR } from '../../../server/seed/drives';
import { upload } from '../driveHelpers';
import { Client, openSocket, startTestServer, type TestServer } from '../harness';

/**
 * Librarian Lee through a real server and socket, on documents uploaded to a
 * drive: a summary request gets the most central sentences of the document
 * it names, across its sections, each quoted and cited with file and
 * heading; a specific question still gets the passage that answers it.
 */

const FIXTURE = fs.readFileSync(path.join(__dirname, '../fixtures/travel-policy.md'), 'utf8');
const seed = (p: string) => fs.readFileSync(path.join(SEED_DOCUMENTS_DIR, p), 'utf8');
const SECTIONS = ['Booking', 'Flights', 'Hotels', 'Meals', 'Expenses'];

let server: TestServer;
let admin: Client;
const workspaces: Record<string, string> = {};

async function workspaceIn(worldId: string): Promise<string> {
  const adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  const ws = await server.store.workspaces.create({ worldId, createdBy: adminId });
  await server.store.workspaces.addExpert(ws.id, 'librarian');
  await server.store.workspaces.addToolProvider(ws.id, 'documents');
  return ws.id;
}

beforeAll(async () => {
  server = await startTestServer({});
  admin = new Client(server.url);
  await admin.signIn();
  // The travel policy alone in one world; the demo handbook in the other.
  await server.drives.ensureDrive('innovation-lab', 'Library');
  const sent = await upload(
    admin,
    server.url,
    'Library',
    [{ name: 'travel-policy.md', data: FIXTURE, type: 'text/markdown' }],
    { path: 'policies' },
  );
  expect(sent.status).toBe(200);
  await server.drives.ensureDrive('acme_research', 'Library');
  const handbook = [
    'travel-and-expenses.md',
    'security-basics.md',
    'onboarding-checklist.md',
    'benefits-and-leave.md',
    'remote-work-policy.md',
    'code-of-conduct.md',
  ];
  const demo = await upload(
    admin,
    server.url,
    'Library',
    handbook.map((name) => ({ name, data: seed(`handbook/${name}`), type: 'text/markdown' })),
    { path: 'handbook' },
    'acme_research',
  );
  expect(demo.status).toBe(200);
  await server.drives.whenIndexed();
  workspaces['innovation-lab'] = await workspaceIn('innovation-lab');
  workspaces['acme_research'] = await workspaceIn('acme_research');
}, 120_000);
afterAll(() => server.close());

/** Lee's final answer to `text`, asked in a workspace of `world` through a socket. */
async function askLee(text: string, world = 'innovation-lab'): Promise<string> {
  const sock = openSocket(server, admin, world);
  try {
    await sock.next('server.hello');
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaces[world] } });
    sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: ['librarian'] } });
    sock.send({ typ: 'user.message', content: { text } });
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      const final = sock.frames.find((f) => f.typ === 'assistant.message' && f.content.final);
      if (final) return final.content.content as string;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no final answer to "${text}"`);
  } finally {
    sock.ws.close();
  }
}

/** The summary's lines: the quoted sentence, the cited file and heading. */
function summaryLines(answer: string): { text: string; file: string; heading?: string }[] {
  return [...answer.matchAll(/^- “(.+)” — `([^`]+)`(?:, _(.+)_)?$/gm)].map((m) => ({
    text: m[1]!.replace(/\\([\\[\]*_<>`])/g, '$1'),
    file: m[2]!,
    ...(m[3] ? { heading: m[3].replace(/\\([\\[\]*_<>`])/g, '$1') } : {}),
  }));
}

/** The document's words as a reader sees them: markup gone, whitespace collapsed. */
const readable = (text: string) =>
  text
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|\s)_([^_\n]+)_/g, '$1$2')
    .replace(/\s+/g, ' ');

describe('Librarian Lee summarizes a document', () => {
  it('summarizes the travel policy from several sections, each sentence quoted and cited', async () => {
    const answer = await askLee('Summarize our travel policy');
    expect(answer).not.toContain('The closest passage');
    expect(answer.startsWith('A summary of `policies/travel-policy.md` in ')).toBe(true);
    const lines = summaryLines(answer);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeLessThanOrEqual(6);
    const document = readable(FIXTURE);
    for (const l of lines) {
      // Never invented: every sentence is in the document as written.
      expect(document).toContain(l.text);
      expect(l.file).toBe('policies/travel-policy.md');
      // And cited with the heading it sits under in the document.
      const section = FIXTURE.split(/^#+ /m).find((s) => readable(s).includes(l.text))!;
      expect(l.heading).toBe(section.split('\n')[0]!.trim());
    }
    const headings = new Set(lines.map((l) => l.heading));
    expect(SECTIONS.filter((s) => headings.has(s)).length).toBeGreaterThanOrEqual(3);
    // In the document's order.
    const at = lines.map((l) => document.indexOf(l.text));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(answer).toContain(
      '_Source: drive_summarize for “travel policy”: `policies/travel-policy.md` (24 sentences)',
    );
  }, 90_000);

  it('still answers a specific question with the passage that answers it', async () => {
    const answer = await askLee("@Librarian Lee, what's our hotel limit per night?");
    // The cited file links to its viewer (issue 20).
    expect(answer).toMatch(
      /^The closest passage is in \[policies\/travel-policy\.md\]\(\/w\/[^)]+\/emdrive\/[^)]+\/file\/policies\/travel-policy\.md\) › Hotels:/,
    );
    expect(answer).toContain('£160 per night in London');
    expect(summaryLines(answer)).toEqual([]);
  }, 90_000);

  it('keeps to a topic when asked what the document says about it', async () => {
    const answer = await askLee('What does our travel policy say about meals?');
    const lines = summaryLines(answer);
    expect(answer.startsWith('What `policies/travel-policy.md` says about “meals”')).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
    // Each sentence mentions meals or sits in the Meals section.
    for (const l of lines) expect(`${l.heading} ${l.text}`.toLowerCase()).toMatch(/meal/);
    expect(lines.map((l) => l.text)).toContain(
      'While travelling you may spend up to £40 a day on meals, including tips.',
    );
  }, 90_000);

  it('says plainly when no document matches, quoting nothing', async () => {
    const answer = await askLee('Give me a summary of our submarine maintenance manual');
    expect(answer).toBe(
      "I found no document in this world's drives that matches “submarine maintenance manual”, " +
        "so I have nothing to summarize — and I won't summarize from memory." +
        '\n\n_Source: drive_summarize for “submarine maintenance manual”, no matching document._',
    );
  }, 90_000);

  it.each([
    ['tl;dr of the security policy', 'handbook/security-basics.md'],
    ['summary of the onboarding doc', 'handbook/onboarding-checklist.md'],
    ['Give me an overview of the remote work policy', 'handbook/remote-work-policy.md'],
    ['what does our handbook say about expenses', 'handbook/travel-and-expenses.md'],
  ])(
    'finds the demo handbook document for "%s"',
    async (question, file) => {
      const answer = await askLee(question, 'acme_research');
      const lines = summaryLines(answer);
      expect(lines.length).toBeGreaterThanOrEqual(question.includes('about') ? 1 : 3);
      const name = file.split('/')[1]!;
      const document = readable(seed(`handbook/${name}`));
      for (const l of lines) {
        expect(l.file).toBe(file);
        // A table row is quoted cell by cell.
        const quoted = document.includes(l.text) ? [l.text] : l.text.split(' — ');
        for (const part of quoted) expect(document).toContain(part);
        expect(l.heading).toBeTruthy();
      }
    },
    90_000,
  );
});
