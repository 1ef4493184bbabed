import { noteInBackground } from '../cog/consoleNote';
import { errorMessage } from '../cog/errorMessage';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyedSerial } from '../cog/keyedSerial';
import type { Store } from '../store';
import type { Audience } from './audience';
import type { MessageVersion } from '../../protocol/messageVersions';
import {
  ToolError,
  type ExpertProfile,
  type ExpertReporter,
  type Tool,
  type ToolContext,
} from './types';

/** What an expert's answer says when the expert failed: in the transcript, visibly. */
export function couldNotAnswer(expertName: string, why: unknown): string {
  return `**${expertName} could not answer:** ${errorMessage(why)}`;
}

export interface ReporterState {
  /** The answer text last reported, and whether it was final. */
  lastAnswer: string;
  answered: boolean;
  toolErrors: number;
  /** The first write of this expert's part of the transcript that failed. */
  writeFailure?: unknown;
  /** The user stopped the answer: its last words were made final, later reports are dropped. */
  stopped?: boolean;
}

/**
 * One expert's reporter for one question: every report becomes the SPEC §7
 * frame for everyone viewing the workspace, and what must survive a reload
 * (final answer, research boxes, traces) is stored, in the workspace's
 * transcript queue so in the order it was reported. `stored` resolves when
 * every write asked for so far is done (a failure is in state.writeFailure).
 */
export function createReporter(deps: {
  store: Store;
  transcriptQueue: KeyedSerial;
  log: FastifyBaseLogger;
  audience: Audience;
  workspaceId: string;
  worldId: string;
  expert: ExpertProfile;
  cid: string;
  answerId: string;
  /** What answered (model or engine), shown with the answer. */
  model?: string;
  /** The answer's earlier versions (a regenerated answer), sent with every update. */
  versions?: MessageVersion[];
  tools: Tool[];
  toolContext: ToolContext;
}): {
  reporter: ExpertReporter;
  state: ReporterState;
  stored: () => Promise<void>;
  /**
   * The user stopped the answer: what it said so far becomes its final
   * answer, marked stopped; the engine's later reports are dropped.
   */
  stop: () => void;
} {
  const { store, audience, workspaceId, expert, cid, answerId } = deps;
  const startedAt = Date.now();
  const versions = deps.versions?.length ? { versions: deps.versions } : {};
  const state: ReporterState = { lastAnswer: '', answered: false, toolErrors: 0 };
  let boxes = 0;
  const writes: Promise<void>[] = [];

  /** Queues a write; its failure is kept and logged, never thrown at the engine. */
  function persist(write: () => Promise<void>): void {
    writes.push(
      deps.transcriptQueue.run(workspaceId, write).catch((err: unknown) => {
        state.writeFailure ??= err;
        deps.log.error({ err, workspaceId, expert: expert.id }, 'transcript write failed');
      }),
    );
  }

  const trace: ExpertReporter['trace'] = (key, entry) => {
    audience.send('server.trace', {
      key,
      ...(entry.html !== undefined ? { html: entry.html } : {}),
      value: entry.value,
    });
    persist(() =>
      store.transcripts.addTrace(workspaceId, {
        key,
        html: entry.html ?? null,
        value: entry.value,
      }),
    );
  };

  const researchBox: ExpertReporter['researchBox'] = (box) => {
    const full = { id: `${answerId}-${++boxes}`, name: box.name ?? expert.name, ...box };
    audience.send('display.researchbox', full);
    persist(() =>
      store.transcripts.addResearchBox(workspaceId, {
        id: full.id,
        name: full.name ?? null,
        title: full.title ?? null,
        html: full.html ?? null,
        content: full.content ?? null,
      }),
    );
  };

  const reporter: ExpertReporter = {
    progress(status, error) {
      audience.send('server.progress', {
        cid,
        status,
        name: expert.name,
        ...(error ? { error } : {}),
      });
    },
    async useTool(name, args) {
      const tool = deps.tools.find((t) => t.name === name);
      if (!tool) throw new ToolError(`The tool ${name} is not available in this workspace`);
      audience.send('server.tool.start', { tool_name: name, expert: expert.name });
      const key = `${expert.name} · ${name}`;
      try {
        const result = await tool.run(args, deps.toolContext);
        audience.send('server.tool.complete', { tool_name: name, expert: expert.name });
        trace(key, {
          value: {
            input: args,
            output: result.output,
            ...(result.value !== undefined ? { value: result.value } : {}),
          },
        });
        if (result.researchBox) researchBox(result.researchBox);
        return result;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        state.toolErrors++;
        audience.send('server.tool.error', {
          tool_name: name,
          error: message,
          expert: expert.name,
        });
        trace(key, { value: { input: args, error: message } });
        noteInBackground(store, deps.log, deps.worldId, {
          app_name: 'meeting',
          from: 'tool.error',
          message: `${key}: ${message}`,
        });
        throw err instanceof ToolError ? err : new ToolError(message);
      }
    },
    trace,
    researchBox,
    answer(content, final) {
      if (!state.stopped) answer(content, final);
    },
  };

  function stop(): void {
    if (state.stopped) return;
    const partial = state.answered ? undefined : state.lastAnswer || '_(stopped before answering)_';
    state.stopped = true;
    if (partial !== undefined) answer(partial, true);
  }

  function answer(content: string, final: boolean): void {
    state.lastAnswer = content;
    const details = {
      ...(deps.model ? { model: deps.model } : {}),
      duration_ms: Date.now() - startedAt,
      ...(state.stopped ? { stopped: true } : {}),
    };
    const createdAt = new Date().toISOString();
    const send = (shown = content) =>
      audience.send('assistant.message', {
        message_id: answerId,
        name: expert.name,
        keywords: expert.keywords,
        role: 'assistant',
        expert_id: expert.id,
        content: shown,
        final,
        ...versions,
        ...(final ? { ...details, created_at: createdAt } : {}),
      });
    if (!final || state.answered) send();
    else {
      state.answered = true;
      const message = {
        message_id: answerId,
        role: 'assistant' as const,
        name: expert.name,
        expert_id: expert.id,
        user_id: null,
        content,
        html: null,
        created_at: createdAt,
        ...details,
      };
      // The final answer is sent once stored, in the transcript queue, like a user's
      // echo: everyone sees messages in the order they are stored, on any store.
      // One that could not be stored would be gone on reload, so it is not shown as
      // an answer: the bubble ends saying why, and the expert then ends failed.
      persist(async () => {
        try {
          await store.transcripts.addMessage(workspaceId, message);
        } catch (err) {
          send(couldNotAnswer(expert.name, err));
          throw err;
        }
        send();
      });
    }
  }
  const stored = async () => {
    await Promise.all(writes);
  };
  return { reporter, state, stored, stop };
}
