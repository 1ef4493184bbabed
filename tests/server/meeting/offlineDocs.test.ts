import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoExperts } from '../../../server/seed/demoExperts';
import { createOfflineEngine, understand } from '../../../server/meeting/offline';
import { documentQuery } from '../../../server/meeting/offline/docs';
import { builtinTools, driveSearchTool } from '../../../server/meeting/tools';
import type {
  ExpertProfile,
  ExpertReporter,
  ResearchBoxInput,
  Tool,
} from '../../../server/meeting/types';
import { driveStub } from './driveStub';
import type { StubOptions } from './driveStub';

/** Librarian Lee answers from this world's drives through drive_search. */

const NOW = new Date('2026-11-20T10:00:00Z');
const SEED = path.resolve(__dirname, '../../../server/seed/documents');
const seed = (p: string) => fs.readFileSync(path.join(SEED, p), 'utf8');
const panel: ExpertProfile[] = demoExperts.map((e) => ({
  id: e.id,
  name: e.name,
  keywords: e.keywords,
  description: e.description,
}));

const LIBRARY: StubOptions = {
  worlds: { w: ['Library'] },
  files: [
    {
      drive: 'Library',
      path: 'handbook/travel-and-expenses.md',
      text: seed('handbook/travel-and-expenses.md'),
      semantic: 0.55,
      textScore: 0.4,
    },
    {
      drive: 'Library',
      path: 'notes/hotel-partners.txt',
      text:
        'Preferred hotels: the Queens Hotel in Leeds gives Northwind staff 15% off;\n' +
        'in London we use the Hoxton in Holborn.',
      semantic: 0.45,
    },
    {
      drive: 'Library',
      path: 'handbook/benefits-and-leave.md',
      text: seed('handbook/benefits-and-leave.md'),
      semantic: 0.3,
    },
  ],
};

interface Recorded {
  final: string;
  tools: Array<{ name: string; args: Record<string, unknown>; error?: string }>;
  progress: Array<{ status: string; error?: string }>;
  boxes: Array<Omit<ResearchBoxInput, 'id'>>;
}

async function ask(question: string, id: string, tools: Tool[]): Promise<Recorded> {
  const rec: Recorded = { final: '', tools: [], progress: [], boxes: [] };
  const signal = new AbortController().signal;
  const report: ExpertReporter = {
    progress: (status, error) => rec.progress.push({ status, ...(error ? { error } : {}) }),
    async useTool(name, args) {
      const entry: Recorded['tools'][number] = { name, args };
      rec.tools.push(entry);
      const tool = tools.find((t) => t.name === name)!;
      try {
        const result = await tool.run(args, { worldId: 'w', workspaceId: 'ws', now: NOW, signal });
        if (result.researchBox) rec.boxes.push(result.researchBox);
        return result;
      } catch (err) {
        entry.error = (err as Error).message;
        throw err;
      }
    },
    trace: () => undefined,
    researchBox: (box) => rec.boxes.push(box),
    answer: (content, final) => {
      if (final) rec.final = content;
    },
  };
  await createOfflineEngine({ paceMs: 0 }).answer(
    {
      expert: panel.find((e) => e.id === id)!,
      panel,
      question,
      history: [],
      tools,
      now: NOW,
      signal,
    },
    report,
  );
  return rec;
}

const withDrives = (opts: StubOptions = LIBRARY) => [
  ...builtinTools({}),
  driveSearchTool(driveStub(opts)),
];

describe('Librarian Lee with drive_search', () => {
  it('answers from the passages, quoting them and citing the file paths', async () => {
    const lee = await ask(
      'What does our travel policy document say about hotels?',
      'librarian',
      withDrives(),
    );
    expect(lee.tools).toEqual([{ name: 'drive_search', args: { query: 'travel policy hotels' } }]);
    expect(
      lee.final.startsWith(
        'The closest passage is in `handbook/travel-and-expenses.md` › Limits:\n\n> ',
      ),
    ).toBe(true);
    // The table of limits, quoted as a readable list rather than raw markdown.
    expect(lee.final).toContain(
      '> **Limits**\n>\n> - Item — Limit\n> - Hotel, London — £180 per night\n',
    );
    expect(lee.final).not.toMatch(/^> .*\|/m);
    expect(lee.final).toContain(
      'Also relevant:\n\n> Preferred hotels: the Queens Hotel in Leeds gives Northwind staff 15% off;\n' +
        '> in London we use the Hoxton in Holborn.\n>\n> — `notes/hotel-partners.txt`',
    );
    // A passage far weaker than the best is not quoted.
    expect(lee.final).not.toContain('benefits-and-leave.md');
    expect(lee.final).toContain(
      '_Source: drive_search for “travel policy hotels” in Library: `handbook/travel-and-expenses.md` › Limits, `notes/hotel-partners.txt` — the passages are in the research box._',
    );
    expect(lee.boxes).toHaveLength(1);
    expect(lee.boxes[0]!.html).toContain('handbook/travel-and-expenses.md');
  });

  it('answers a question about "us" from the documents; the others point to Lee', async () => {
    const tools = withDrives();
    const lee = await ask('How much holiday do we get?', 'librarian', tools);
    expect(lee.tools[0]!.name).toBe('drive_search');
    expect(lee.final).toContain('`handbook/');
    const scout = await ask('How much holiday do we get?', 'scout', tools);
    expect(scout.tools).toEqual([]);
    expect(scout.final).toBe(
      'No need to search the web for this — Librarian Lee has the documents.',
    );
    const ada = await ask('What does the handbook say about parental leave?', 'ada-quant', tools);
    expect(ada.final).toBe('Nothing to calculate here — Librarian Lee has the documents.');
  });

  it('says plainly when nothing in the drives answers', async () => {
    const lee = await ask(
      'What do our documents say about submarines?',
      'librarian',
      withDrives({ worlds: { w: ['Library'] } }),
    );
    expect(lee.tools).toEqual([{ name: 'drive_search', args: { query: 'submarines' } }]);
    expect(lee.final).toBe(
      "I searched this world's drives for “submarines” and found nothing that answers it, so I won't guess." +
        '\n\n_Source: drive_search for “submarines”, no matching passage._',
    );
    expect(lee.boxes).toEqual([]);
  });

  it('explains a failed search instead of guessing', async () => {
    const lee = await ask(
      'What is in our policy files?',
      'librarian',
      withDrives({ ...LIBRARY, failing: ['semantic', 'text'] }),
    );
    expect(lee.tools[0]!.error).toBe(
      'Drive search failed: semantic search of Library: semantic index unavailable',
    );
    expect(lee.progress).toEqual([
      {
        status: 'working-with-errors',
        error: 'Drive search failed: semantic search of Library: semantic index unavailable',
      },
    ]);
    expect(lee.final).toContain("I couldn't search the drives: Drive search failed:");
    expect(lee.final).toContain('_Source: drive_search (failed)._');
  });

  it('names the provider it needs when drive_search is not selected', async () => {
    const lee = await ask(
      'What does our travel policy document say about hotels?',
      'librarian',
      builtinTools({}),
    );
    expect(lee.tools).toEqual([]);
    expect(lee.final).toContain('I have no documents to search in this workspace yet');
    expect(lee.final).toContain('**documents** tool provider (`drive_search`)');
    expect(lee.final).toContain('_Source: from my own notes');
  });

  it('asks for a topic when the question names none', async () => {
    const lee = await ask('What documents do we have?', 'librarian', withDrives());
    expect(lee.tools).toEqual([]);
    expect(lee.final).toContain('Tell me what to look for');
  });
});

describe('document questions', () => {
  it('turns a question into a search topic', () => {
    expect(
      documentQuery('@Librarian Lee, what does our travel policy say about hotels?', [
        'Librarian Lee',
      ]),
    ).toBe('travel policy hotels');
    expect(documentQuery('Lee: find the files about parental leave', ['Librarian Lee'])).toBe(
      'parental leave',
    );
    expect(documentQuery('How much holiday do we get?')).toBe('holiday');
    expect(documentQuery('What documents do we have?')).toBe('');
  });

  it('routes questions about "our" things to the documents, and web questions to the web', () => {
    const kind = (q: string) => understand(q, [], panel, NOW).kind;
    expect(kind('How much holiday do we get?')).toBe('docs');
    expect(kind('What is our pricing for the Team plan?')).toBe('docs');
    expect(kind('What is the latest news about our competitors?')).toBe('search');
    expect(kind('Who won the 2022 World Cup?')).toBe('search');
    expect(kind('What is the population of the US?')).toBe('search');
    expect(kind('Can you send us the pricing?')).toBe('docs');
    expect(kind('12.5% of 2,480?')).toBe('compute');
  });
});
