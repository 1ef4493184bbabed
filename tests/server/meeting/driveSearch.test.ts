import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolProviderDefinitions } from '../../../server/meeting/tools/providers';
import { driveSearchTool } from '../../../server/meeting/tools';
import type { DrivePassage } from '../../../server/meeting/tools';
import { ToolError } from '../../../server/meeting/types';
import type { ToolContext } from '../../../server/meeting/types';
import { driveStub } from './driveStub';
import type { StubOptions } from './driveStub';

const SEED = path.resolve(__dirname, '../../../server/seed/documents');
const seed = (p: string) => fs.readFileSync(path.join(SEED, p), 'utf8');

const ctx = (worldId = 'w', signal = new AbortController().signal): ToolContext => ({
  worldId,
  workspaceId: 'ws',
  now: new Date('2026-11-20T10:00:00Z'),
  signal,
});

const LIBRARY: StubOptions = {
  worlds: { w: ['Library', 'Archive'], w2: ['Secret'] },
  files: [
    {
      drive: 'Library',
      path: 'handbook/travel-and-expenses.md',
      text: seed('handbook/travel-and-expenses.md'),
      semantic: 0.62,
      textScore: 0.5,
    },
    {
      drive: 'Library',
      path: 'product/pricing.md',
      text: seed('product/pricing.md'),
      textScore: 0.7,
    },
    {
      drive: 'Library',
      path: 'handbook/security-basics.md',
      text: seed('handbook/security-basics.md'),
      semantic: 0.3,
    },
    {
      drive: 'Library',
      path: 'handbook/remote-work-policy.md',
      text: seed('handbook/remote-work-policy.md'),
      semantic: 0.26,
    },
    {
      drive: 'Archive',
      path: '2025/travel-policy-v2.md',
      snippet: 'Hotels: up to «£150» a night in London.',
      semantic: 0.4,
    },
    {
      drive: 'Secret',
      path: 'salaries.csv',
      text: 'hotel hotel hotel',
      semantic: 0.99,
      textScore: 0.99,
    },
  ],
};

const run = (opts: StubOptions, query: unknown, context = ctx()) => {
  const drives = driveStub(opts);
  return { drives, result: driveSearchTool(drives).run({ query }, context) };
};

describe('drive_search', () => {
  it('is the documents provider tool, with a query argument', () => {
    const tool = driveSearchTool(driveStub());
    const provider = toolProviderDefinitions.find((p) => p.name === 'documents')!;
    expect(tool).toMatchObject({
      name: 'drive_search',
      provider: 'documents',
      description: provider.tools[0]!.description,
      parameters: { type: 'object', required: ['query'] },
    });
    expect(tool.description).toBe(
      "Search this world's drives for passages that answer a question.",
    );
  });

  it('searches every drive of the world by meaning then words, merges, and quotes the top three passages', async () => {
    const { drives, result } = run(LIBRARY, '  hotel nightly limit in London ');
    const out = await result;
    expect(drives.calls.map((c) => `${c.drive}:${c.kind}`)).toEqual([
      'Library:semantic',
      'Archive:semantic',
      'Library:text',
      'Archive:text',
    ]);
    expect(drives.calls[0]!.q).toMatchObject({
      query: 'hotel nightly limit in London',
      offset: 0,
      threshold: 0.25,
    });
    const passages = (out.value as { passages: DrivePassage[] }).passages;
    // Ranked by the file's score averaged with its best passage's: pricing.md has the
    // words (text 0.7) but no passage about hotels, so the archived policy beats it.
    expect(passages.map((p) => [p.drive, p.path])).toEqual([
      ['Library', 'handbook/travel-and-expenses.md'],
      ['Archive', '2025/travel-policy-v2.md'],
      ['Library', 'product/pricing.md'],
    ]);
    const [travel, archived, pricing] = passages as [DrivePassage, DrivePassage, DrivePassage];
    expect(travel).toMatchObject({ semanticScore: 0.62, textScore: 0.5 });
    expect(travel.score).toBeGreaterThan(0.6);
    expect(travel.score).toBeLessThanOrEqual(1);
    expect(archived.score).toBe(0.4);
    expect(pricing.score).toBeLessThan(0.4);
    // The passage that answers, not the file's first lines.
    expect(travel.text).toContain('£180 per night');
    expect(travel.text).not.toContain('Owner: Finance');
    // No text for the archived file: its search snippet, unmarked.
    expect(archived.text).toBe('Hotels: up to £150 a night in London.');
    expect(travel.heading).toBe('Limits');
    const score = travel.score.toFixed(2);
    expect(out.output.split('\n')[0]).toBe(
      `1. Library/handbook/travel-and-expenses.md › Limits (score ${score}):`,
    );
    expect(out.output).toContain(
      '2. Archive/2025/travel-policy-v2.md (score 0.40):\n   "Hotels: up to £150 a night in London."',
    );
    expect(out.output).not.toContain('salaries');
    expect(out.researchBox).toMatchObject({
      name: 'drive_search',
      title: 'Documents for "hotel nightly limit in London"',
    });
    const html = out.researchBox!.html!;
    expect(html.startsWith('<ol><li>')).toBe(true);
    expect(html).toContain(
      '<a href="/w/w/emdrive/Library/file/handbook/travel-and-expenses.md">' +
        `Library/handbook/travel-and-expenses.md</a> › Limits <small>score ${score}</small>`,
    );
    expect(html).toMatch(/<blockquote>[^]*Hotel, London \| £180 per night \|<br>/);
  });

  it('escapes passages and paths in the research box', async () => {
    const nasty = '<script>alert("x")</script> & the hotel <img src=x onerror=alert(1)>';
    const out = await run(
      { files: [{ drive: 'Library', path: 'notes/<b>odd</b>.md', text: nasty, semantic: 0.5 }] },
      'hotel',
    ).result;
    const html = out.researchBox!.html!;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; the hotel');
    expect(html).toContain('notes/&lt;b&gt;odd&lt;/b&gt;.md');
    expect(html).toContain('href="/w/w/emdrive/Library/file/notes/%3Cb%3Eodd%3C/b%3E.md"');
  });

  it('says so when nothing matches, and when the world has no drives (not errors)', async () => {
    const none = await run({ worlds: { w: ['Library', 'Archive'] } }, 'quantum chromodynamics')
      .result;
    expect(none.output).toBe(
      'No passage in this world\'s drives (Library, Archive) matches "quantum chromodynamics".',
    );
    expect(none.researchBox).toBeUndefined();
    expect(none.value).toEqual({
      query: 'quantum chromodynamics',
      passages: [],
      scope: 'world',
      workspaceFiles: 0,
    });
    const empty = await run(LIBRARY, 'hotels', ctx('nowhere')).result;
    expect(empty.output).toBe('This world has no drives to search.');
  });

  it("looks in the workspace's attached files first and says so, else falls back to every drive", async () => {
    const drives = driveStub(LIBRARY);
    const attached = async (workspaceId: string) =>
      workspaceId === 'ws'
        ? [
            {
              drive: (await drives.driveByName('w', 'Library'))!,
              file: { path: 'handbook/security-basics.md' },
            },
          ]
        : [];
    const tool = driveSearchTool({ ...drives, workspaceFiles: attached });
    const scoped = await tool.run({ query: 'password manager' }, ctx());
    expect(
      scoped.output.startsWith(
        "In this workspace's files:\n1. Library/handbook/security-basics.md",
      ),
    ).toBe(true);
    expect(scoped.value).toMatchObject({ scope: 'workspace', workspaceFiles: 1 });
    expect((scoped.value as { passages: DrivePassage[] }).passages.map((p) => p.path)).toEqual([
      'handbook/security-basics.md',
    ]);
    expect(scoped.researchBox?.title).toBe('Workspace files for "password manager"');
    // Only the workspace was searched: no drive index was asked.
    expect(drives.calls).toEqual([]);

    const fallback = await tool.run({ query: 'hotel limit per night' }, ctx());
    expect(
      fallback.output.startsWith(
        "Nothing in this workspace's files answers this; in the whole of this world's drives:\n1. ",
      ),
    ).toBe(true);
    expect(fallback.value).toMatchObject({ scope: 'world', workspaceFiles: 1 });
    expect((fallback.value as { passages: DrivePassage[] }).passages[0]!.path).toBe(
      'handbook/travel-and-expenses.md',
    );
  });

  it('needs a query', async () => {
    for (const query of ['', '   ', undefined, 42]) {
      await expect(run(LIBRARY, query).result).rejects.toThrow(
        new ToolError('A search query is required'),
      );
    }
  });

  it('keeps going when one kind of search fails, and fails clearly when all do', async () => {
    const semanticDown = await run({ ...LIBRARY, failing: ['semantic'] }, 'hotel').result;
    const value = semanticDown.value as { passages: DrivePassage[]; errors: string[] };
    expect(value.passages.map((p) => p.path).sort()).toEqual([
      'handbook/travel-and-expenses.md',
      'product/pricing.md',
    ]);
    expect(value.errors).toEqual([
      'semantic search of Library: semantic index unavailable',
      'semantic search of Archive: semantic index unavailable',
    ]);
    const err = await run({ ...LIBRARY, failing: ['semantic', 'text'] }, 'hotel').result.catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ToolError);
    expect((err as Error).message).toBe(
      'Drive search failed: semantic search of Library: semantic index unavailable',
    );
  });

  it('stops when the meeting is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(run(LIBRARY, 'hotel', ctx('w', controller.signal)).result).rejects.toThrow(
      'stopped',
    );
  });
});
