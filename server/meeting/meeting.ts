import { noteInBackground } from '../cog/consoleNote';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyedSerial } from '../cog/keyedSerial';
import type { Metrics } from '../cog/metrics';
import { untilAborted, withTimeout } from '../cog/timeout';
import type { Store } from '../store';
import type { WorkspaceRow } from '../store/workspaces';
import { configureWorkspaceUrl } from '../../protocol/paths';
import type { AnswersUnderWay } from './answersUnderWay';
import type { Audience } from './audience';
import type { DirectoryExpert } from './directory';
import { providersNeededBy } from './expertProviders';
import { sayNoExpertHint } from './noExpertHint';
import { couldNotAnswer, createReporter } from './reporter';
import { STOPPED_BEFORE_ANSWER } from './rounds';
import type { ExpertEngine, HistoryEntry, Tool } from './types';

/** An expert that has not finished after this long is stopped and reported failed (issue 4). */
export const EXPERT_TIMEOUT_MS = 60_000;
/** How much of the conversation experts see. */
const HISTORY_TURNS = 40;
/** Failed dots stay visible this long after the round, so the user sees them. */
export const FAILED_VISIBLE_MS = 8_000;

export interface MeetingDeps {
  store: Store;
  engine: ExpertEngine;
  tools: Tool[];
  log: FastifyBaseLogger;
  timeoutMs?: number;
  /**
   * One queue per workspace for its transcript: a write (or a read of the
   * whole) starts once the one before it finished, so messages, research
   * boxes and traces are stored in the order they were said, whichever
   * expert said them and whatever the store.
   */
  transcriptQueue: KeyedSerial;
  /** Where rounds and answer times are counted (server/cog/metrics.ts). */
  metrics?: Metrics;
  /** Aborted when the server stops: experts still at work give up (MeetingRounds.stopping). */
  stopping?: AbortSignal;
  /**
   * Where answers under way are written down for the other instances, so that
   * if this process dies mid-answer one of them ends the answers failed.
   */
  answersUnderWay?: AnswersUnderWay;
  /** The meeting's "now" (the eval pins it so "next Friday" has one right answer). */
  clock?: () => Date;
}

export interface Question {
  workspace: WorkspaceRow;
  userId: string;
  text: string;
  experts: DirectoryExpert[];
  /** Whether the workspace has experts at all (`experts` are the ones the user left selected). */
  workspaceHasExperts: boolean;
  audience: Audience;
}

async function history(store: Store, workspaceId: string): Promise<HistoryEntry[]> {
  const messages = await store.transcripts.messages(workspaceId, HISTORY_TURNS);
  // An assistant message without an expert is the application's own hint, not a turn.
  const turns = messages.filter((m) => m.role === 'user' || m.expert_id !== null);
  return turns.map((m) => ({
    role: m.role,
    name: m.name,
    ...(m.expert_id ? { expertId: m.expert_id } : {}),
    content: m.content ?? m.html ?? '',
  }));
}

/**
 * One round of a meeting: the user's words are stored and echoed, then every
 * selected expert answers at the same time. One expert failing or timing out
 * never stops the others. Resolves when every expert is done.
 */
export async function runMeetingRound(deps: MeetingDeps, q: Question): Promise<void> {
  const { answers } = await startMeetingRound(deps, q);
  await answers;
}

/**
 * The first part of a round, resolving once the user's words are stored
 * (after everything said before them) and echoed; `answers` is the rest,
 * already under way, which settles when every expert is done.
 */
export async function startMeetingRound(
  deps: MeetingDeps,
  q: Question,
): Promise<{ answers: Promise<void> }> {
  const { store, audience, workspace } = { ...deps, ...q };
  const user = await store.users.byId(q.userId);
  const said = {
    message_id: randomUUID(),
    role: 'user' as const,
    name: user?.name ?? 'You',
    expert_id: null,
    user_id: q.userId,
    content: q.text,
    html: null,
    created_at: new Date().toISOString(),
  };
  const round = said.message_id.slice(0, 8);
  const answering = q.experts.map((expert) => ({
    expert,
    cid: `${expert.id}-${round}`,
    answerId: randomUUID(),
  }));
  const underWay = deps.answersUnderWay?.rows(
    answering.map(({ expert, cid, answerId }) => ({
      answer_id: answerId,
      world_id: workspace.world_id,
      workspace_id: workspace.id,
      expert_id: expert.id,
      expert_name: expert.name,
      cid,
    })),
  );
  const earlier = await deps.transcriptQueue.run(workspace.id, async () => {
    const before = await history(store, workspace.id);
    if (underWay?.length) {
      // With its answers under way, or not at all: an instance dying right after
      // leaves a question whose answers another instance can end.
      await store.transaction(async (tx) => {
        await tx.transcripts.addMessage(workspace.id, said);
        await tx.answersUnderWay.begin(underWay);
      });
    } else await store.transcripts.addMessage(workspace.id, said);
    return before;
  });
  audience.send('user.echo', {
    message_id: said.message_id,
    role: 'user',
    name: said.name,
    content: said.content,
    created_at: said.created_at,
  });

  // Nobody would answer: the question gets a hint on how to choose experts, not silence.
  if (!answering.length) return { answers: sayNoExpertHint(deps, q) };
  const allowed = new Set(await store.workspaces.toolProviders(workspace.id));
  const tools = deps.tools.filter((t) => allowed.has(t.provider));
  deps.metrics?.roundsStarted.inc();
  return { answers: answerAll(deps, q, { answering, tools, allowed, history: earlier }) };
}

async function answerAll(
  deps: MeetingDeps,
  q: Question,
  job: {
    answering: { expert: DirectoryExpert; cid: string; answerId: string }[];
    tools: Tool[];
    /** The tool providers the workspace has selected. */
    allowed: Set<string>;
    history: HistoryEntry[];
  },
): Promise<void> {
  const { audience } = q;
  const outcomes = await Promise.all(
    job.answering.map((one) =>
      answerOne(deps, q, {
        ...one,
        tools: job.tools,
        missingProviders: providersNeededBy(one.expert).filter((p) => !job.allowed.has(p)),
        history: job.history,
      }),
    ),
  );
  for (const { cid, ok } of outcomes) {
    if (ok) audience.send('server.progress', { cid, status: 'done' });
  }
  const failed = outcomes.filter((o) => !o.ok);
  (failed.length ? deps.metrics?.roundsFailed : deps.metrics?.roundsFinished)?.inc();
  if (failed.length) {
    setTimeout(() => {
      for (const { cid } of failed) audience.send('server.progress', { cid, status: 'done' });
    }, FAILED_VISIBLE_MS).unref();
  }
}

/** One expert's part of a round: who answers, under which ids, with what. */
interface AnswerJob {
  expert: DirectoryExpert;
  cid: string;
  answerId: string;
  tools: Tool[];
  /** The providers the expert brings that the workspace has not selected. */
  missingProviders: string[];
  history: HistoryEntry[];
}

async function answerOne(
  deps: MeetingDeps,
  q: Question,
  job: AnswerJob,
): Promise<{ cid: string; ok: boolean }> {
  const { cid, answerId } = job;
  const outcome = await answerAndStore(deps, q, job);
  await deps.answersUnderWay?.end(answerId);
  return { cid, ok: outcome };
}

/** One expert's answer, stored; false when the expert failed (which is stored too). */
async function answerAndStore(deps: MeetingDeps, q: Question, job: AnswerJob): Promise<boolean> {
  const { expert, cid } = job;
  const controller = new AbortController();
  const timeoutMs = deps.timeoutMs ?? EXPERT_TIMEOUT_MS;
  const now = deps.clock?.() ?? new Date();
  const { reporter, state, stored } = createReporter({
    store: deps.store,
    transcriptQueue: deps.transcriptQueue,
    log: deps.log,
    audience: q.audience,
    workspaceId: q.workspace.id,
    worldId: q.workspace.world_id,
    expert,
    cid,
    answerId: job.answerId,
    tools: job.tools,
    toolContext: {
      worldId: q.workspace.world_id,
      workspaceId: q.workspace.id,
      now,
      signal: controller.signal,
    },
  });
  const timer = deps.metrics?.answerSeconds.startTimer();
  reporter.progress('working-ok');
  try {
    const answered = withTimeout(
      deps.engine.answer(
        {
          expert,
          worldId: q.workspace.world_id,
          panel: q.experts,
          question: q.text,
          history: job.history,
          tools: job.tools,
          missingProviders: job.missingProviders,
          configureUrl: configureWorkspaceUrl(q.workspace.world_id, q.workspace.id),
          now,
          signal: controller.signal,
        },
        reporter,
      ),
      timeoutMs,
      () => {
        controller.abort(); // the engine and its tools stop too
        return new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`);
      },
    );
    await (deps.stopping
      ? untilAborted(answered, deps.stopping, () => {
          controller.abort();
          return new Error(STOPPED_BEFORE_ANSWER);
        })
      : answered);
    if (!state.answered) reporter.answer(state.lastAnswer || '_(no answer)_', true);
    await stored();
    // An answer that could not be stored would be gone on reload: the expert failed.
    if (state.writeFailure) throw state.writeFailure;
    reporter.progress('completed');
    timer?.({ outcome: 'answered' });
    return true;
  } catch (err) {
    controller.abort();
    const message = err instanceof Error ? err.message : String(err);
    deps.log.warn({ err, expert: expert.id }, 'expert failed');
    noteInBackground(deps.store, deps.log, q.workspace.world_id, {
      app_name: 'meeting',
      from: 'expert.error',
      message: `${expert.name} failed: ${message}`,
    });
    reporter.progress('failed', message);
    if (!state.answered) reporter.answer(couldNotAnswer(expert.name, message), true);
    await stored();
    timer?.({ outcome: 'failed' });
    return false;
  }
}
