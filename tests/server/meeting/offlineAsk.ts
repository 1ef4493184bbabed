import { demoExperts } from '../../../server/seed/demoExperts';
import { createOfflineEngine } from '../../../server/meeting/offline';
import { builtinTools } from '../../../server/meeting/tools';
import type {
  ExpertProfile,
  ExpertReporter,
  HistoryEntry,
  ResearchBoxInput,
  Tool,
} from '../../../server/meeting/types';

/** The offline engine asked directly, with a reporter that runs the tools for real. */

export const NOW = new Date('2024-05-14T12:30:00Z');
export const panel: ExpertProfile[] = demoExperts.map((e) => ({
  id: e.id,
  name: e.name,
  keywords: e.keywords,
  description: e.description,
}));
export const expert = (id: string) => panel.find((e) => e.id === id)!;

export interface Recorded {
  final: string;
  partials: string[];
  tools: Array<{ name: string; args: Record<string, unknown>; error?: string }>;
  progress: Array<{ status: string; error?: string }>;
  boxes: Array<Omit<ResearchBoxInput, 'id'>>;
  traces: string[];
}

/** A reporter that records every call and really runs the tools, like the runner does. */
function fakeReporter(
  tools: Tool[],
  signal: AbortSignal,
): { report: ExpertReporter; rec: Recorded } {
  const rec: Recorded = { final: '', partials: [], tools: [], progress: [], boxes: [], traces: [] };
  const report: ExpertReporter = {
    progress: (status, error) => rec.progress.push({ status, ...(error ? { error } : {}) }),
    async useTool(name, args) {
      const entry: Recorded['tools'][number] = { name, args };
      rec.tools.push(entry);
      const tool = tools.find((t) => t.name === name);
      if (!tool) throw new Error(`tool ${name} is not available`);
      try {
        const result = await tool.run(args, { worldId: 'w', workspaceId: 'ws', now: NOW, signal });
        // As the runner's reporter does: a tool's sources become a research box.
        if (result.researchBox) rec.boxes.push(result.researchBox);
        return result;
      } catch (err) {
        entry.error = (err as Error).message;
        throw err;
      }
    },
    trace: (key) => rec.traces.push(key),
    researchBox: (box) => rec.boxes.push(box),
    answer: (content, final) => {
      if (final) rec.final = content;
      else rec.partials.push(content);
    },
  };
  return { report, rec };
}

export interface AskOptions {
  tools?: Tool[];
  history?: HistoryEntry[];
  who?: ExpertProfile[];
  paceMs?: number;
  signal?: AbortSignal;
}

export async function ask(question: string, id: string, opts: AskOptions = {}): Promise<Recorded> {
  const tools = opts.tools ?? builtinTools({});
  const signal = opts.signal ?? new AbortController().signal;
  const who = opts.who ?? panel;
  const { report, rec } = fakeReporter(tools, signal);
  const engine = createOfflineEngine({ paceMs: opts.paceMs ?? 0 });
  await engine.answer(
    {
      expert: who.find((e) => e.id === id)!,
      panel: who,
      question,
      history: opts.history ?? [],
      tools,
      now: NOW,
      signal,
    },
    report,
  );
  return rec;
}

export const askAll = (question: string, opts: AskOptions = {}) =>
  Promise.all((opts.who ?? panel).map((e) => ask(question, e.id, opts)));
