import type { Message, ResearchBox, ServerContent, Trace } from '../../protocol';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import type {
  MessagePageRequest,
  StoredMessage,
  StoredResearchBox,
  StoredTrace,
} from '../store/transcripts';

type HistoryFrame = ServerContent<'display.history'>;

/** An expert's keywords by its id, as the world's directory has them (undefined: not known). */
export type KeywordsOf = (expertId: string) => string[] | undefined;

/**
 * A stored message as frames carry it. An expert's answer gets the expert's keywords, as the
 * live frame had them (SPEC §3's Message): they are not stored, so a reload or another reader
 * shows the row as it was shown while it was written.
 */
export function messageOnWire(m: StoredMessage, keywordsOf?: KeywordsOf): Message {
  const keywords = m.expert_id && !m.tool_name ? keywordsOf?.(m.expert_id) : undefined;
  return {
    message_id: m.message_id,
    // A tool message is stored as an assistant message without an expert, named by its tool.
    role: m.tool_name ? 'tool' : m.role,
    name: m.name,
    ...(keywords ? { keywords } : {}),
    ...(m.tool_name ? { tool_name: m.tool_name } : {}),
    ...(m.expert_id ? { expert_id: m.expert_id } : {}),
    ...(m.user_id ? { user_id: m.user_id } : {}),
    ...(m.content !== null ? { content: m.content } : {}),
    ...(m.html !== null ? { html: m.html } : {}),
    created_at: m.created_at,
    ...(m.model ? { model: m.model } : {}),
    ...(m.duration_ms != null ? { duration_ms: m.duration_ms } : {}),
    ...(m.stopped ? { stopped: true } : {}),
    ...(m.versions?.length ? { versions: m.versions } : {}),
    final: true,
  };
}

export function researchBoxOnWire(b: StoredResearchBox): ResearchBox {
  return {
    id: b.id,
    ...(b.name ? { name: b.name } : {}),
    ...(b.title ? { title: b.title } : {}),
    ...(b.html ? { html: b.html } : {}),
    ...(b.content ? { content: b.content } : {}),
  };
}

export function traceOnWire(t: StoredTrace): Trace {
  return { key: t.key, ...(t.html ? { html: t.html } : {}), value: t.value };
}

/** A display.messages request with a limit, checked: one cursor at most. */
export function historyPageOf(request: MessagePageRequest): MessagePageRequest {
  const cursors = [request.before, request.after, request.around].filter((c) => c !== undefined);
  if (cursors.length > 1) throw new UserError('Ask for one page: before, after or around');
  return request;
}

/**
 * One display.history frame. A page that starts a view (the newest, or the
 * one around a message a search jumped to) carries the workspace's research
 * boxes and traces with it, so the panels fill in the same frame; pages
 * fetched while scrolling carry messages only.
 */
export async function readHistoryPage(
  store: Store,
  workspaceId: string,
  request: MessagePageRequest,
  keywordsOf?: KeywordsOf,
): Promise<HistoryFrame> {
  const transcripts = store.transcripts;
  let kind: HistoryFrame['page'] = request.before
    ? 'before'
    : request.after
      ? 'after'
      : request.around
        ? 'around'
        : 'latest';
  let page = await transcripts.messagePage(workspaceId, request);
  if (!page && kind === 'around') {
    // A jump to a message that is gone (deleted, or never in this workspace) lands on the newest page.
    kind = 'latest';
    page = await transcripts.messagePage(workspaceId, { limit: request.limit });
  }
  // Paging from a message this workspace does not hold is a stale or forged cursor.
  if (!page) throw new UserError('That message is not in this workspace');
  const cursor =
    kind === 'latest' ? undefined : (request.before ?? request.after ?? request.around);
  const startsView = kind === 'latest' || kind === 'around';
  return {
    page: kind,
    ...(cursor !== undefined ? { cursor } : {}),
    messages: page.messages.map((m) => messageOnWire(m, keywordsOf)),
    ...(startsView
      ? {
          researchboxes: (await transcripts.researchBoxes(workspaceId)).map(researchBoxOnWire),
          traces: (await transcripts.traces(workspaceId)).map(traceOnWire),
        }
      : {}),
    older: page.older,
    newer: page.newer,
  };
}
