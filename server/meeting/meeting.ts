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
import { StoppedByUser, type WorkspaceStops } from './stops';
import type { ExpertEngine, HistoryEntry, Tool } from './types';
import type { MessageVersion } from '../../protocol/messageVersions';
import type { StoredMessage } from '../store/transcripts';

/** An expert that has not finished after this long is stopped and reported failed (issue 4). */
export const EXPERT_TIMEOUT_MS = 60_000;
/** How much of the conversation experts see. */
const HISTORY_TURNS = 40;
/** Failed dots stay visible this long after the round, so the user sees them. */
export const FAILED_VISIBLE_MS = 8_000;
/** A stopped expert's dot stays this long, so the user sees the round ended stopped. */
export const STOPPED_VISIBLE_MS = 3_000;

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
  /** Where a round's answers are registered so that Stop (round.stop) aborts them. */
  stops?: WorkspaceStops;
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
  return turnsOf(await store.transcripts.messages(workspaceId, HISTORY_TURNS));
}

/** What experts see of the conversation before a question already stored (regenerate, edit). */
export async function historyBefore(
  store: Store,
  workspaceId: string,
  questionId: string,
): Promise<HistoryEntry[]> {
  const page = await store.transcripts.messagePage(workspaceId, {
    limit: HISTORY_TURNS,
    before: questionId,
  });
  return turnsOf(page?.messages ?? []);
}

function turnsOf(messages: StoredMessage[]): HistoryEntry[] {
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
    user_id: q.userId,
  });

  // Nobody would answer: the question gets a hint on how to choose experts, not silence.
  if (!answering.length) return { answers: sayNoExpertHint(deps, q) };
  return { answers: answerRound(deps, q, { answering, history: earlier }) };
}

/** One expert answering in a round: its progress cid, its answer's id, an answer's earlier versions. */
export interface AnsweringExpert {
  expert: DirectoryExpert;
  cid: string;
  answerId: string;
  versions?: MessageVersion[];
}

/**
 * The experts answer a question already stored: its tools looked up, its
 * answers registered for Stop. Each answer's earlier versions (a
 * regenerated answer's) go with it.
 */
export async function answerRound(
  deps: MeetingDeps,
  q: Question,
  job: {
    answering: AnsweringExpert[];
    history: HistoryEntry[];
    /**
     * Write the answers down as under way (a regenerated or re-asked round; a new
     * question's are written with it), so that an instance dying mid-answer
     * leaves answers another one ends failed.
     */
    recordUnderWay?: boolean;
  },
): Promise<void> {
  const { store, workspace } = { ...deps, ...q };
  if (job.recordUnderWay && deps.answersUnderWay) {
    await store.answersUnderWay.begin(
      deps.answersUnderWay.rows(
        job.answering.map(({ expert, cid, answerId }) => ({
          answer_id: answerId,
          world_id: workspace.world_id,
          workspace_id: workspace.id,
          expert_id: expert.id,
          expert_name: expert.name,
          cid,
        })),
      ),
    );
  }
  const allowed = new Set(await store.workspaces.toolProviders(workspace.id));
  const tools = deps.tools.filter((t) => allowed.has(t.provider));
  deps.metrics?.roundsStarted.inc();
  const round = deps.stops?.begin(workspace.id);
  try {
    await answerAll(deps, q, { ...job, tools, allowed, signal: round?.signal });
  } finally {
    round?.end();
  }
}

/** An answer's text and details as one of its earlier versions. */
export function versionOf(m: StoredMessage): MessageVersion {
  return {
    ...(m.content !== null ? { content: m.content } : {}),
    ...(m.html !== null ? { html: m.html } : {}),
    created_at: m.created_at,
    ...(m.model ? { model: m.model } : {}),
    ...(m.duration_ms != null ? { duration_ms: m.duration_ms } : {}),
    ...(m.stopped ? { stopped: true } : {}),
  };
}

/**
 * A new round id for answers to a question already stored (its cids must
 * differ from the first round's, whose dots may still be shown).
 */
export function roundCid(expertId: string): string {
  return `${expertId}-${randomUUID().slice(0, 8)}`;
}

async function answerAll(
  deps: MeetingDeps,
  q: Question,
  job: {
    answering: AnsweringExpert[];
    tools: Tool[];
    /** The tool providers the workspace has selected. */
    allowed: Set<string>;
    history: HistoryEntry[];
    /** Aborted when the user stops the round. */
    signal?: AbortSignal;
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
        signal: job.signal,
      }),
    ),
  );
  for (const { cid, ok } of outcomes) {
    if (ok === true) audience.send('server.progress', { cid, status: 'done' });
  }
  const stopped = outcomes.filter((o) => o.ok === 'stopped');
  if (stopped.length) {
    setTimeout(() => {
      for (const { cid } of stopped) audience.send('server.progress', { cid, status: 'done' });
    }, STOPPED_VISIBLE_MS).unref();
  }
  const failed = outcomes.filter((o) => o.ok === false);
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
  /** The round's Stop. */
  signal?: AbortSignal;
  /** The answer's earlier versions (a regenerated answer). */
  versions?: MessageVersion[];
}

/** How an answer ended: answered, failed, or stopped by the user (its partial answer kept). */
type Outcome = boolean | 'stopped';

async function answerOne(
  deps: MeetingDeps,
  q: Question,
  job: AnswerJob,
): Promise<{ cid: string; ok: Outcome }> {
  const { cid, answerId } = job;
  const outcome = await answerAndStore(deps, q, job);
  await deps.answersUnderWay?.end(answerId);
  return { cid, ok: outcome };
}

/** One expert's answer, stored; false when the expert failed (which is stored too). */
async function answerAndStore(deps: MeetingDeps, q: Question, job: AnswerJob): Promise<Outcome> {
  const { expert, cid } = job;
  const controller = new AbortController();
  // Stop aborts the engine, its tools and its model stream with the round's reason.
  const onStop = () => controller.abort(job.signal?.reason);
  job.signal?.addEventListener('abort', onStop, { once: true });
  const timeoutMs = deps.timeoutMs ?? EXPERT_TIMEOUT_MS;
  const now = deps.clock?.() ?? new Date();
  const { reporter, state, stored, stop } = createReporter({
    store: deps.store,
    transcriptQueue: deps.transcriptQueue,
    log: deps.log,
    audience: q.audience,
    workspaceId: q.workspace.id,
    worldId: q.workspace.world_id,
    expert,
    cid,
    answerId: job.answerId,
    model: modelOf(deps.engine, expert),
    versions: job.versions,
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
    const serving = deps.stopping
      ? untilAborted(answered, deps.stopping, () => {
          controller.abort();
          return new Error(STOPPED_BEFORE_ANSWER);
        })
      : answered;
    await (job.signal ? untilAborted(serving, job.signal, () => new StoppedByUser()) : serving);
    if (!state.answered) reporter.answer(state.lastAnswer || '_(no answer)_', true);
    await stored();
    // An answer that could not be stored would be gone on reload: the expert failed.
    if (state.writeFailure) throw state.writeFailure;
    reporter.progress('completed');
    timer?.({ outcome: 'answered' });
    return true;
  } catch (err) {
    controller.abort();
    if (err instanceof StoppedByUser || job.signal?.aborted) {
      // What the expert had said is kept, marked stopped; nothing failed.
      stop();
      await stored();
      reporter.progress('stopped');
      timer?.({ outcome: 'stopped' });
      return 'stopped';
    }
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
  } finally {
    job.signal?.removeEventListener('abort', onStop);
  }
}

/** What the answer says answered it: the model a language-model engine uses, or the engine. */
function modelOf(engine: ExpertEngine, expert: DirectoryExpert): string {
  // An expert's own model only counts with an engine that talks to models.
  if (!engine.model) return engine.name;
  return expert.model || engine.model;
}
