import { UserError } from '../cog/userError';
import type { KeyedSerial } from '../cog/keyedSerial';
import type { Store } from '../store';
import type { StoredMessage } from '../store/transcripts';
import type { WorkspaceRow } from '../store/workspaces';
import {
  MAX_MESSAGE_VERSIONS,
  type AnswerSnapshot,
  type MessageVersion,
} from '../../protocol/messageVersions';
import type { Audience } from './audience';
import type { DirectoryExpert } from './directory';
import { messageOnWire } from './history';
import { historyBefore, roundCid, versionOf, type AnsweringExpert } from './meeting';
import type { HistoryEntry } from './types';

/**
 * Regenerate and Edit: a stored answer or question gets a new version, the
 * earlier one kept on its row (protocol/messageVersions.ts). These functions
 * check and store; the handlers then have the experts answer.
 */

/** At most MAX_MESSAGE_VERSIONS earlier versions: the oldest drop off. */
function capped(versions: MessageVersion[]): MessageVersion[] {
  return versions.slice(-MAX_MESSAGE_VERSIONS);
}

function snapshotOf(m: StoredMessage): AnswerSnapshot {
  return {
    message_id: m.message_id,
    name: m.name,
    ...(m.expert_id ? { expert_id: m.expert_id } : {}),
    ...versionOf(m),
  };
}

/** The question an answer answers: the last user message stored before it. */
async function questionOf(
  store: Store,
  workspaceId: string,
  answerId: string,
): Promise<StoredMessage | undefined> {
  const page = await store.transcripts.messagePage(workspaceId, { limit: 200, before: answerId });
  return page?.messages.filter((m) => m.role === 'user').at(-1);
}

export interface Regeneration {
  question: StoredMessage;
  history: HistoryEntry[];
  answering: AnsweringExpert & { versions: MessageVersion[] };
}

/**
 * An expert's answer about to be given again: it must be an expert's answer
 * in this workspace, to a question, by an expert still in the workspace. Its
 * current text becomes its newest earlier version.
 */
export async function beginRegeneration(
  deps: { store: Store; transcriptQueue: KeyedSerial },
  ws: WorkspaceRow,
  messageId: string,
  experts: DirectoryExpert[],
): Promise<Regeneration> {
  const { store } = deps;
  return deps.transcriptQueue.run(ws.id, async () => {
    const answer = await store.transcripts.message(ws.id, messageId);
    if (!answer || answer.role !== 'assistant' || !answer.expert_id)
      throw new UserError('Only an expert’s answer can be regenerated');
    const expert = experts.find((e) => e.id === answer.expert_id);
    if (!expert) throw new UserError(`${answer.name} is no longer in this workspace`);
    const question = await questionOf(store, ws.id, messageId);
    if (!question) throw new UserError('This answer has no question to answer again');
    const versions = capped([...(answer.versions ?? []), versionOf(answer)]);
    await store.transcripts.setVersions(ws.id, messageId, versions);
    return {
      question,
      history: await historyBefore(store, ws.id, question.message_id),
      answering: { expert, cid: roundCid(expert.id), answerId: messageId, versions },
    };
  });
}

/**
 * The author's last question replaced by `text`: the earlier text and the
 * answers given to it become the question's newest earlier version, those
 * answers leave the transcript, and everyone viewing sees both changes.
 */
export async function editLastQuestion(
  deps: { store: Store; transcriptQueue: KeyedSerial; audience: Audience },
  ws: WorkspaceRow,
  edit: { messageId: string; userId: string; text: string },
): Promise<{ question: StoredMessage; history: HistoryEntry[] }> {
  const { store, audience } = deps;
  const { question, removed } = await deps.transcriptQueue.run(ws.id, async () => {
    const last = await store.transcripts.lastQuestion(ws.id);
    if (!last || last.message_id !== edit.messageId || last.user_id !== edit.userId)
      throw new UserError('Only your last message can be edited');
    const answers = await store.transcripts.messagesAfter(ws.id, last.message_id);
    const versions = capped([
      ...(last.versions ?? []),
      { ...versionOf(last), answers: answers.map(snapshotOf) },
    ]);
    const edited: StoredMessage = {
      ...last,
      content: edit.text,
      html: null,
      created_at: new Date().toISOString(),
      versions,
    };
    await store.transaction(async (tx) => {
      await tx.transcripts.replaceQuestion(ws.id, last.message_id, {
        content: edit.text,
        created_at: edited.created_at,
        versions,
      });
      await tx.transcripts.removeMessages(
        ws.id,
        answers.map((a) => a.message_id),
      );
    });
    return { question: edited, removed: answers.map((a) => a.message_id) };
  });
  if (removed.length) audience.send('display.messages.removed', { message_ids: removed });
  audience.send('display.message', messageOnWire(question));
  return { question, history: await historyBefore(store, ws.id, question.message_id) };
}
