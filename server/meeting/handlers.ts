import { randomUUID } from 'node:crypto';
import type { AppRegistry } from '../cog/registry';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import { KeyedSerial } from '../cog/keyedSerial';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import type { WorkspaceRow } from '../store/workspaces';
import { WorkspaceUnavailable, workspaceOpenTo } from '../cog/workspaceAccess';
import { workspaceAudience } from './audience';
import {
  historyPageOf,
  messageOnWire,
  readHistoryPage,
  researchBoxOnWire,
  traceOnWire,
} from './history';
import { expertDirectory, expertOnWire, type DirectoryExpert } from './directory';
import { answerRound, roundCid, startMeetingRound, type MeetingDeps } from './meeting';
import { beginRegeneration, editLastQuestion } from './revisions';
import { WorkspaceStops } from './stops';
import type { MessageBus } from '../cog/bus';
import { failOrphanedAnswers } from './orphans';
import { remoteTools, withRemoteExperts } from './remote';
import type { MeetingRounds } from './rounds';

/**
 * The workspace this connection has open (scontext.set workspace_id), if it is
 * in the connection's world and its user may open it. Passing lets the socket
 * into the workspace's live frames (audiences.ts `reaches`); a refusal shuts
 * it out, tells the client why in a workspace.unavailable frame (the page
 * shows it instead of an empty transcript) and throws the words of the
 * refusal ('This workspace is not open to you' / 'This workspace does not exist').
 */
export async function openWorkspace(
  hub: CogHub,
  store: Store,
  conn: CogConnection,
): Promise<WorkspaceRow> {
  const id = conn.context.get('workspace_id');
  if (typeof id !== 'string' || !id) throw new UserError('No workspace selected');
  try {
    const ws = await workspaceOpenTo(store, conn.worldId, conn.userId, id);
    // Still the socket's workspace (its frames are handled in order, but be sure).
    if (conn.context.get('workspace_id') === id) conn.admittedWorkspace = id;
    return ws;
  } catch (err) {
    if (err instanceof WorkspaceUnavailable) {
      conn.admittedWorkspace = undefined;
      hub.send(conn, 'workspace.unavailable', {
        workspace_id: id.slice(0, 200),
        reason: err.reason,
        error: err.message,
      });
    }
    throw err;
  }
}

async function workspaceExperts(
  registry: AppRegistry,
  store: Store,
  ws: WorkspaceRow,
): Promise<DirectoryExpert[]> {
  const directory = expertDirectory(registry, ws.world_id);
  return (await store.workspaces.expertIds(ws.id))
    .map((id) => directory.get(id))
    .filter((e): e is DirectoryExpert => Boolean(e));
}

/** The experts who answer: the workspace's, narrowed to the ones the user left selected. */
function selectedExperts(conn: CogConnection, experts: DirectoryExpert[]): DirectoryExpert[] {
  const selected = conn.context.get('selected_experts');
  if (!Array.isArray(selected)) return experts;
  const ids = new Set(selected.filter((s): s is string => typeof s === 'string'));
  return experts.filter((e) => ids.has(e.id));
}

/** The socket side of the workspace chat page (SPEC §7). */
export function registerMeetingHandlers(
  hub: CogHub,
  deps: Omit<MeetingDeps, 'transcriptQueue' | 'stopping' | 'stops'> & {
    registry: AppRegistry;
    /** Rounds under way, which a stopping server lets finish (default: not tracked). */
    rounds?: MeetingRounds;
    /** Where a Stop travels to the instance running the round (default: this process only). */
    bus?: MessageBus;
    /** Starts the world's MCP servers on first use, so experts can call their tools (server/mcp). */
    toolsReady?: (worldId: string) => Promise<void>;
  },
): { ready: Promise<void>; close: () => void; transcriptQueue: KeyedSerial } {
  const { store, registry, rounds } = deps;
  const stops = new WorkspaceStops(deps.bus);
  // Experts and tools of remote apps are looked up per round: apps come and go.
  const engine = withRemoteExperts(deps.engine, registry);
  const transcriptQueue = new KeyedSerial();
  // Answers another instance left unfinished when it died end failed here.
  const ready =
    deps.answersUnderWay?.watch((orphans) =>
      failOrphanedAnswers({ store, hub, registry, transcriptQueue, log: deps.log }, orphans),
    ) ?? Promise.resolve();

  // A socket is let into a workspace (its live frames) when it sets it, or told at once it may not.
  hub.whenContextSet('workspace_id', async (conn, value) => {
    if (typeof value !== 'string' || !value) return;
    try {
      await openWorkspace(hub, store, conn);
    } catch (err) {
      // Told with workspace.unavailable; the frames that ask for the workspace get the error.
      if (!(err instanceof WorkspaceUnavailable)) throw err;
    }
  });

  hub.on('display.experts', async (conn) => {
    const ws = await openWorkspace(hub, store, conn);
    for (const e of await workspaceExperts(registry, store, ws))
      hub.send(conn, 'display.expert', expertOnWire(e));
  });

  hub.on('display.messages', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const { limit, before, after, around } = frame.content;
    const directory = expertDirectory(registry, ws.world_id);
    const keywordsOf = (expertId: string) => directory.get(expertId)?.keywords;
    if (limit !== undefined) {
      const page = historyPageOf({ limit, before, after, around });
      // Read behind the writes already queued: an answer someone saw is in it.
      const history = await transcriptQueue.run(ws.id, () =>
        readHistoryPage(store, ws.id, page, keywordsOf),
      );
      hub.send(conn, 'display.history', history);
      return;
    }
    const { messages, boxes, traces } = await transcriptQueue.run(ws.id, async () => ({
      messages: await store.transcripts.messages(ws.id),
      boxes: await store.transcripts.researchBoxes(ws.id),
      traces: await store.transcripts.traces(ws.id),
    }));
    for (const m of messages) hub.send(conn, 'display.message', messageOnWire(m, keywordsOf));
    for (const b of boxes) hub.send(conn, 'display.researchbox', researchBoxOnWire(b));
    for (const t of traces) hub.send(conn, 'server.trace', traceOnWire(t));
  });

  hub.on('workspace.expert.details', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const chosen = new Set(await store.workspaces.expertIds(ws.id));
    const experts = [...expertDirectory(registry, conn.worldId).values()].map((e) =>
      expertOnWire(e, chosen.has(e.id)),
    );
    hub.reply(conn, frame, 'workspace.expert.details.response', {
      experts,
      ...(ws.name ? { workspaceName: ws.name } : {}),
    });
  });

  /** A round from the question arriving until its answers are under way. */
  async function startRound(conn: CogConnection, text: string) {
    const ws = await openWorkspace(hub, store, conn);
    await deps.toolsReady?.(conn.worldId);
    const tools = [...deps.tools, ...remoteTools(registry, deps.tools, conn.worldId)];
    const experts = await workspaceExperts(registry, store, ws);
    return startMeetingRound(
      { ...deps, engine, tools, transcriptQueue, stopping: rounds?.stopping, stops },
      {
        workspace: ws,
        userId: conn.userId,
        text,
        experts: selectedExperts(conn, experts),
        workspaceHasExperts: experts.length > 0,
        audience: workspaceAudience(hub, conn.worldId, ws.id),
      },
    );
  }

  hub.on('user.message', async (conn, frame) => {
    const text = frame.content.text.trim();
    if (!text) throw new UserError('An empty message is not sent');
    const started = startRound(conn, text);
    // A stopping server waits for the whole round: the question being stored, then every answer.
    rounds?.hold(started.then(({ answers }) => answers));
    // The socket's next frame waits until the user's words are stored, not for the answers.
    const { answers } = await started;
    hub.background(conn, frame, answers);
  });

  hub.on('round.stop', async (conn) => {
    // Whoever may open the workspace may ask in it, and so may stop its answers.
    const ws = await openWorkspace(hub, store, conn);
    stops.stop(ws.id);
  });

  /** The deps of answers to a question already stored, and who would answer in this workspace. */
  async function answeringIn(conn: CogConnection, ws: WorkspaceRow) {
    if (stops.isRunning(ws.id))
      throw new UserError('The experts are still answering: wait for them or stop them first');
    await deps.toolsReady?.(conn.worldId);
    const tools = [...deps.tools, ...remoteTools(registry, deps.tools, conn.worldId)];
    const experts = await workspaceExperts(registry, store, ws);
    const meeting = { ...deps, engine, tools, transcriptQueue, stopping: rounds?.stopping, stops };
    return { meeting, experts, audience: workspaceAudience(hub, conn.worldId, ws.id) };
  }

  hub.on('message.regenerate', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const { meeting, experts, audience } = await answeringIn(conn, ws);
    const again = await beginRegeneration(meeting, ws, frame.content.message_id, experts);
    const answers = answerRound(
      meeting,
      {
        workspace: ws,
        userId: conn.userId,
        text: again.question.content ?? '',
        experts: [again.answering.expert],
        workspaceHasExperts: true,
        audience,
      },
      { answering: [again.answering], history: again.history, recordUnderWay: true },
    );
    rounds?.hold(answers);
    hub.background(conn, frame, answers);
  });

  hub.on('message.edit', async (conn, frame) => {
    const text = frame.content.text.trim();
    if (!text) throw new UserError('An empty message is not sent');
    const ws = await openWorkspace(hub, store, conn);
    const { meeting, experts, audience } = await answeringIn(conn, ws);
    const { question, history } = await editLastQuestion({ ...meeting, audience }, ws, {
      messageId: frame.content.message_id,
      userId: conn.userId,
      text,
    });
    const selected = selectedExperts(conn, experts);
    const answering = selected.map((expert) => ({
      expert,
      cid: roundCid(expert.id),
      answerId: randomUUID(),
    }));
    const answers = answerRound(
      meeting,
      {
        workspace: ws,
        userId: conn.userId,
        text: question.content ?? text,
        experts: selected,
        workspaceHasExperts: experts.length > 0,
        audience,
      },
      { answering, history, recordUnderWay: true },
    );
    rounds?.hold(answers);
    hub.background(conn, frame, answers);
  });
  return { ready, close: () => stops.close(), transcriptQueue };
}
