import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, PNG_BYTES, upload } from '../driveHelpers';
import { Client, startTestServer, type TestServer } from '../harness';

/**
 * Semantic search through the real server with its real (embedded,
 * word-vector) index: found by meaning at the default threshold, keyword
 * and phrase queries first, the best passage shown with its words marked,
 * and hostile queries and wordless files answered plainly (issue 18).
 */

const DRIVE = 'Meaning';
const DOCS = [
  {
    name: 'parking.md',
    data:
      '# Parking at head office\n\nStaff may park vehicles in the basement garage. ' +
      'Spaces are allocated by badge; visitors use the surface lot by the gate. Motorbikes park by the ramp.',
  },
  {
    name: 'handbook.md',
    data: [
      '# Staff handbook',
      '',
      'Welcome to Kestrel. This handbook covers how we work.',
      '',
      '## 3. Working hours',
      '',
      'Core hours are 10:00 to 16:00. Overtime needs approval from your line manager in advance.',
      '',
      '## 7. Relocation support',
      '',
      'When we ask you to move city for a role, we pay removal costs up to £5,000 and temporary housing for thirty days.',
    ].join('\n'),
  },
  {
    name: 'annual-leave.md',
    data: '# Annual leave\n\nEveryone gets 25 vacation days a year. Book holidays in the HR portal at least two weeks ahead.',
  },
  {
    name: 'incident-response.md',
    data: '# Incident response\n\nA SEV1 outage pages the on-call engineer. The incident commander posts updates every 30 minutes.',
  },
];

let server: TestServer;
let admin: Client;
const search = (body: Record<string, unknown>) =>
  call(admin, 'POST', `/api/drives/${DRIVE}/search/semantic`, body);
const paths = (res: { body: { data: { results: { File: { Path: string } }[] } } }) =>
  res.body.data.results.map((r) => r.File.Path);

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', DRIVE);
  const res = await upload(admin, server.url, DRIVE, [
    ...DOCS,
    { name: 'logo.png', data: PNG_BYTES, type: 'image/png' },
    { name: 'blob.bin', data: Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]) },
    { name: 'dots.txt', data: '... --- ... 1234 5678 !!! ???' },
  ]);
  expect(res.status).toBe(200);
  await server.drives.whenIndexed();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('semantic search on the real index', () => {
  it('finds a document by meaning at the default threshold, its passage marked', async () => {
    const res = await search({ query: 'where can i put my car' });
    expect(res.status).toBe(200);
    expect(paths(res)[0]).toBe('parking.md');
    const top = res.body.data.results[0];
    expect(top.Score).toBeGreaterThanOrEqual(0.25);
    expect(top.Score).toBeLessThanOrEqual(1);
    expect(top.Snippet).toMatch(/«vehicles»/);
  });

  it('finds the section of a long document and shows that passage, not the start', async () => {
    const res = await search({ query: 'moving house for a new job, who pays' });
    expect(paths(res)[0]).toBe('handbook.md');
    const snippet: string = res.body.data.results[0].Snippet;
    expect(snippet).toContain('removal costs');
    expect(snippet).not.toContain('Welcome to Kestrel');
  });

  it('puts the file with a remembered term or phrase first', async () => {
    expect(paths(await search({ query: 'SEV1' }))[0]).toBe('incident-response.md');
    expect(paths(await search({ query: 'incident commander' }))[0]).toBe('incident-response.md');
    expect(paths(await search({ query: 'vacation days' }))[0]).toBe('annual-leave.md');
  });

  it('answers empty, long, foreign and symbol-only queries with a plain result', async () => {
    for (const query of ['', '   \n\t ', '!!! ??? ...', '休暇の申請方法', 'x'.repeat(10_000)]) {
      const res = await search({ query });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(Array.isArray(res.body.data.results)).toBe(true);
    }
    expect(paths(await search({ query: '' }))).toEqual([]);
    expect(paths(await search({ query: '休暇の申請方法' }))).toEqual([]);
    // A pasted page is read by its start, and still finds what it is about.
    const long = `${'Where can staff park their cars at the office? '.repeat(200)}`;
    expect(paths(await search({ query: long }))[0]).toBe('parking.md');
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('indexes files with no words without error, and does not return them for what they lack', async () => {
    const drive = (await server.drives.driveByName('innovation-lab', DRIVE))!;
    const listed = await call(admin, 'GET', `/api/drives/${DRIVE}/files?limit=50`);
    const states = Object.fromEntries(
      listed.body.data.data.Files.map((f: { Path: string; IndexState: string }) => [
        f.Path,
        f.IndexState,
      ]),
    );
    expect(states['logo.png']).toBe('indexed');
    expect(states['blob.bin']).toBe('indexed');
    expect(states['dots.txt']).toBe('indexed');
    // Only their names are indexed: an unrelated question does not bring them up.
    for (const query of ['quarterly revenue forecast', 'overtime approval', '休暇']) {
      const found = paths(await search({ query }));
      for (const wordless of ['logo.png', 'blob.bin', 'dots.txt'])
        expect(found).not.toContain(wordless);
    }
    expect(drive.name).toBe(DRIVE);
  });
});
