import type { FastifyBaseLogger } from 'fastify';
import { noteInBackground } from '../cog/consoleNote';
import type { CogHub } from '../cog/hub';
import type { KeyedSerial } from '../cog/keyedSerial';
import type { AppRegistry } from '../cog/registry';
import type { Store } from '../store';
import type { AnswerUnderWayRow } from '../store/answersUnderWay';
import { workspaceAudience } from './audience';
import { expertDirectory } from './directory';
import { FAILED_VISIBLE_MS } from './meeting';
import { couldNotAnswer } from './reporter';
import { STOPPED_BEFORE_ANSWER } from './rounds';

/**
 * Ends answers whose instance died mid-answer (AnswersUnderWay found them):
 * each is stored failed under its own message id, in the workspace's
 * transcript queue, and everyone viewing the workspace, on any instance, sees
 * the bubble end saying why and the expert's dots turn failed, as a drain
 * that ran out of time would show them. An answer that was stored after all
 * (the instance died just after) is left as it is.
 */
export async function failOrphanedAnswers(
  deps: {
    store: Store;
    hub: CogHub;
    registry: AppRegistry;
    transcriptQueue: KeyedSerial;
    log: FastifyBaseLogger;
  },
  orphans: AnswerUnderWayRow[],
): Promise<void> {
  for (const orphan of orphans) {
    try {
      await failOne(deps, orphan);
    } catch (err) {
      deps.log.error({ err, answer: orphan.answer_id }, 'an orphaned answer was not ended');
    }
  }
}

async function failOne(
  deps: Parameters<typeof failOrphanedAnswers>[0],
  orphan: AnswerUnderWayRow,
): Promise<void> {
  const { store, hub, log } = deps;
  const { workspace_id: workspaceId, world_id: worldId, expert_name: name } = orphan;
  const content = couldNotAnswer(name, STOPPED_BEFORE_ANSWER);
  const stored = await deps.transcriptQueue.run(workspaceId, () =>
    store.transcripts.addMessageUnlessStored(workspaceId, {
      message_id: orphan.answer_id,
      role: 'assistant',
      name,
      expert_id: orphan.expert_id,
      user_id: null,
      content,
      html: null,
      created_at: new Date().toISOString(),
    }),
  );
  if (!stored) return;
  log.warn({ answer: orphan.answer_id, instance: orphan.instance_id }, 'orphaned answer ended');
  const audience = workspaceAudience(hub, worldId, workspaceId);
  const keywords = expertDirectory(deps.registry, worldId).get(orphan.expert_id)?.keywords;
  audience.send('server.progress', {
    cid: orphan.cid,
    status: 'failed',
    name,
    error: STOPPED_BEFORE_ANSWER,
  });
  audience.send('assistant.message', {
    message_id: orphan.answer_id,
    name,
    ...(keywords ? { keywords } : {}),
    role: 'assistant',
    expert_id: orphan.expert_id,
    content,
    final: true,
  });
  noteInBackground(store, log, worldId, {
    app_name: 'meeting',
    from: 'expert.error',
    message: `${name} failed: ${STOPPED_BEFORE_ANSWER}`,
  });
  setTimeout(
    () => audience.send('server.progress', { cid: orphan.cid, status: 'done' }),
    FAILED_VISIBLE_MS,
  ).unref();
}
