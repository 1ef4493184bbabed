import { randomUUID } from 'node:crypto';
import type { KeyedSerial } from '../cog/keyedSerial';
import type { Store } from '../store';
import type { WorkspaceRow } from '../store/workspaces';
import { configureWorkspaceUrl } from '../../protocol/paths';
import type { Audience } from './audience';

/** Who says the hint in the transcript: the application, not an expert. */
export const HINT_SPEAKER = 'EMgen';

/** What a question nobody would answer gets instead of silence, by why nobody answers. */
export function noExpertHint(ws: WorkspaceRow, workspaceHasExperts: boolean): string {
  if (!workspaceHasExperts) {
    return (
      'This workspace has no experts yet, so nobody will answer. ' +
      `Add experts in [Configure Workspace](${configureWorkspaceUrl(ws.world_id, ws.id)}), ` +
      'then send your question again.'
    );
  }
  return (
    'No expert is selected, so nobody will answer. Select one or more experts by clicking ' +
    'their names in the **Experts** list (a selected expert shows a check mark), ' +
    'then send your question again.'
  );
}

/**
 * Says the hint to everyone watching the workspace, once it is stored after
 * the question (so a reload, another browser and a support replay all show
 * it where it was said). It has no expert id: experts never see it as a turn.
 */
export async function sayNoExpertHint(
  deps: { store: Store; transcriptQueue: KeyedSerial },
  q: { workspace: WorkspaceRow; audience: Audience; workspaceHasExperts: boolean },
): Promise<void> {
  const message = {
    message_id: randomUUID(),
    role: 'assistant' as const,
    name: HINT_SPEAKER,
    expert_id: null,
    user_id: null,
    content: noExpertHint(q.workspace, q.workspaceHasExperts),
    html: null,
    created_at: new Date().toISOString(),
  };
  await deps.transcriptQueue.run(q.workspace.id, async () => {
    await deps.store.transcripts.addMessage(q.workspace.id, message);
    q.audience.send('assistant.message', {
      message_id: message.message_id,
      name: message.name,
      role: 'assistant',
      content: message.content,
      final: true,
    });
  });
}
