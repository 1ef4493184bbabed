import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { driveSummaryTool } from '../../../server/meeting/tools';
import type { SummarySentence } from '../../../server/meeting/tools';
import { ToolError } from '../../../server/meeting/types';
import type { ToolContext } from '../../../server/meeting/types';
import { driveStub } from './driveStub';
import type { StubOptions } from './driveStub';

/** drive_summarize: which document a subject names, and what comes back for it. */

const SEED = path.resolve(__dirname, '../../../server/seed/documents');
const seed = (p: string) => fs.readFileSync(path.join(SEED, p), 'utf8');
const ctx: ToolContext = {
  worldId: 'w',
  workspaceId: 'ws',
  now: new Date('2026-11-20T10:00:00Z'),
  signal: new AbortController().signal,
};

const DRIVES: StubOptions = {
  worlds: { w: ['Library'], empty: [] },
  files: [
    {
      drive: 'Library',
      path: 'handbook/travel-and-expenses.md',
      text: seed('handbook/travel-and-expenses.md'),
      semantic: 0.4,
      textScore: 0.3,
    },
    {
      // Search ranks it higher, but its name is not the travel policy's.
      drive: 'Library',
      path: 'handbook/onboarding-checklist.md',
      text: seed('handbook/onboarding-checklist.md'),
      semantic: 0.6,
      textScore: 0.6,
    },
    {
      drive: 'Library',
      path: 'engineering/examples/retry.py',
      text: seed('engineering/examples/retry.py'),
      semantic: 0.5,
      textScore: 0.5,
    },
  ],
};

const summarize = (args: Record<string, unknown>, opts = DRIVES, context = ctx) =>
  driveSummaryTool(driveStub(opts)).run(args, context);

describe('drive_summarize', () => {
  it('summarizes the file the subject names, over one a search ranks higher', async () => {
    const result = await summarize({ subject: 'travel policy' });
    const value = result.value as { documents: { path: string }[]; sentences: SummarySentence[] };
    expect(value.documents.map((d) => d.path)).toEqual(['handbook/travel-and-expenses.md']);
    expect(value.sentences.length).toBeGreaterThanOrEqual(3);
    expect(new Set(value.sentences.map((s) => s.heading)).size).toBe(value.sentences.length);
    expect(result.output).toMatch(
      /^Summary of Library\/handbook\/travel-and-expenses\.md, \d sentences/,
    );
    expect(result.output).toContain('section "Claiming expenses"');
    expect(result.researchBox?.html).toContain(
      'href="/w/w/emdrive/Library/file/handbook/travel-and-expenses.md"',
    );
  });

  it('gives as many sentences as asked, within 1 to 6', async () => {
    const two = await summarize({ subject: 'travel policy', count: 2 });
    expect((two.value as { sentences: unknown[] }).sentences).toHaveLength(2);
    await expect(summarize({ subject: 'travel policy', count: 40 })).rejects.toThrow(
      'count must be a whole number from 1 to 6',
    );
  });

  it('says when the document never mentions the topic', async () => {
    const result = await summarize({ subject: 'travel policy', topic: 'submarines' });
    expect(result.output).toBe(
      'Library/handbook/travel-and-expenses.md says nothing about "submarines".',
    );
    expect((result.value as { sentences: unknown[] }).sentences).toEqual([]);
  });

  it('finds nothing for a subject no file is about, and names code it will not summarize', async () => {
    const none = await summarize({ subject: 'submarine manual' });
    expect(none.output).toBe('No document in this world\'s drives matches "submarine manual".');
    expect(none.researchBox).toBeUndefined();
    const code = await summarize({ subject: 'retry code' });
    expect(code.value).toMatchObject({
      documents: [],
      notProse: ['engineering/examples/retry.py'],
    });
  });

  it('refuses a missing subject and reports a world without drives', async () => {
    await expect(summarize({ topic: 'hotels' })).rejects.toBeInstanceOf(ToolError);
    const empty = await summarize({ subject: 'travel policy' }, DRIVES, {
      ...ctx,
      worldId: 'empty',
    });
    expect(empty.output).toBe('This world has no drives to search.');
  });

  it('fails clearly when every search fails', async () => {
    await expect(
      summarize({ subject: 'travel policy' }, { ...DRIVES, failing: ['semantic', 'text'] }),
    ).rejects.toThrow(
      'Drive search failed: semantic search of Library: semantic index unavailable',
    );
  });
});
