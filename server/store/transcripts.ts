import type { Selectable } from 'kysely';
import type { Queries } from './kysely';
import { searchMessages, type MessageHit, type MessageSearch } from './messageSearch';
import type { Database } from './schema';
import * as z from 'zod/mini';
import { messageVersionSchema, type MessageVersion } from '../../protocol/messageVersions';

type MessageRow = Selectable<Database['messages']>;

/**
 * A transcript message as stored (its row without the workspace and the
 * sequence number); the answer's details and earlier versions are optional
 * (versions parsed: protocol/messageVersions.ts).
 */
export type StoredMessage = Omit<
  MessageRow,
  'seq' | 'workspace_id' | 'model' | 'duration_ms' | 'stopped' | 'versions' | 'tool_name'
> & {
  model?: string | null;
  /** The tool a user called from the message box: this is its tool message. */
  tool_name?: string | null;
  duration_ms?: number | null;
  stopped?: boolean;
  versions?: MessageVersion[];
};

const MESSAGE_COLUMNS = [
  'message_id',
  'role',
  'name',
  'expert_id',
  'user_id',
  'content',
  'html',
  'created_at',
  'model',
  'duration_ms',
  'stopped',
  'versions',
  'tool_name',
] as const;

type ReadRow = Pick<MessageRow, (typeof MESSAGE_COLUMNS)[number]>;

/** Versions as stored: JSON, read back leniently (a row that does not parse has none). */
function parseVersions(json: string | null): MessageVersion[] | undefined {
  if (!json) return undefined;
  try {
    const parsed = z.array(messageVersionSchema).safeParse(JSON.parse(json));
    return parsed.success && parsed.data.length ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function fromRow(row: ReadRow): StoredMessage {
  const { versions, stopped, duration_ms, model, tool_name, ...rest } = row;
  const parsed = parseVersions(versions);
  // What a message does not have is absent, as in the message that was stored.
  return {
    ...rest,
    ...(model !== null ? { model } : {}),
    ...(tool_name !== null ? { tool_name } : {}),
    ...(duration_ms !== null ? { duration_ms: Number(duration_ms) } : {}),
    ...(Number(stopped) ? { stopped: true } : {}),
    ...(parsed ? { versions: parsed } : {}),
  };
}

function toRow(m: StoredMessage) {
  return {
    message_id: m.message_id,
    role: m.role,
    name: m.name,
    expert_id: m.expert_id,
    user_id: m.user_id,
    content: m.content,
    html: m.html,
    created_at: m.created_at,
    model: m.model ?? null,
    duration_ms: m.duration_ms ?? null,
    stopped: m.stopped ? 1 : 0,
    versions: m.versions?.length ? JSON.stringify(m.versions) : null,
    tool_name: m.tool_name ?? null,
  };
}

/** Which page of a transcript to read: at most one cursor; none is the newest page. */
export interface MessagePageRequest {
  limit: number;
  before?: string;
  after?: string;
  around?: string;
}

export interface MessagePage {
  messages: StoredMessage[];
  /** Whether the workspace holds messages before the first of the page / after its last. */
  older: boolean;
  newer: boolean;
}

export interface StoredResearchBox {
  id: string;
  name: string | null;
  title: string | null;
  html: string | null;
  content: string | null;
}

export interface StoredTrace {
  key: string;
  html: string | null;
  value: unknown;
}

/** What a meeting leaves behind per workspace: messages, research boxes, traces. */
export class TranscriptsRepository {
  constructor(private readonly q: Queries) {}

  /**
   * Stores a message; the same message_id again replaces its content, html
   * and answer details (a regenerated answer), keeping its place and versions.
   */
  async addMessage(workspaceId: string, m: StoredMessage): Promise<void> {
    const { versions, ...row } = toRow(m);
    await this.q
      .insertInto('messages')
      .values({ workspace_id: workspaceId, ...row, versions })
      .onConflict((oc) =>
        oc.column('message_id').doUpdateSet((eb) => ({
          content: eb.ref('excluded.content'),
          html: eb.ref('excluded.html'),
          created_at: eb.ref('excluded.created_at'),
          model: eb.ref('excluded.model'),
          duration_ms: eb.ref('excluded.duration_ms'),
          stopped: eb.ref('excluded.stopped'),
        })),
      )
      .execute();
  }

  /** One message of the workspace, or undefined. */
  async message(workspaceId: string, messageId: string): Promise<StoredMessage | undefined> {
    const row = await this.q
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('workspace_id', '=', workspaceId)
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    return row && fromRow(row);
  }

  /** The messages stored after `messageId` in its workspace, oldest first. */
  async messagesAfter(workspaceId: string, messageId: string): Promise<StoredMessage[]> {
    const rows = await this.q
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('workspace_id', '=', workspaceId)
      .where(
        'seq',
        '>',
        this.q
          .selectFrom('messages')
          .select('seq')
          .where('workspace_id', '=', workspaceId)
          .where('message_id', '=', messageId),
      )
      .orderBy('seq', 'asc')
      .execute();
    return rows.map(fromRow);
  }

  /** The last user message of the workspace (the one its author may edit), or undefined. */
  async lastQuestion(workspaceId: string): Promise<StoredMessage | undefined> {
    const row = await this.q
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('workspace_id', '=', workspaceId)
      .where('role', '=', 'user')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && fromRow(row);
  }

  /** Replaces a message's earlier versions (oldest first). */
  async setVersions(workspaceId: string, messageId: string, versions: MessageVersion[]) {
    await this.q
      .updateTable('messages')
      .set({ versions: versions.length ? JSON.stringify(versions) : null })
      .where('workspace_id', '=', workspaceId)
      .where('message_id', '=', messageId)
      .execute();
  }

  /** A question's new text (an edit), its versions and time. */
  async replaceQuestion(
    workspaceId: string,
    messageId: string,
    change: { content: string; created_at: string; versions: MessageVersion[] },
  ): Promise<void> {
    await this.q
      .updateTable('messages')
      .set({
        content: change.content,
        created_at: change.created_at,
        versions: JSON.stringify(change.versions),
      })
      .where('workspace_id', '=', workspaceId)
      .where('message_id', '=', messageId)
      .execute();
  }

  /** Removes messages of the workspace (an edited question's answers, kept in its versions). */
  async removeMessages(workspaceId: string, messageIds: string[]): Promise<void> {
    if (!messageIds.length) return;
    await this.q
      .deleteFrom('messages')
      .where('workspace_id', '=', workspaceId)
      .where('message_id', 'in', messageIds)
      .execute();
  }

  /** Stores a message unless one with its message_id is stored already; whether it stored it. */
  async addMessageUnlessStored(workspaceId: string, m: StoredMessage): Promise<boolean> {
    const added = await this.q
      .insertInto('messages')
      .values({ workspace_id: workspaceId, ...toRow(m) })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .returning('message_id')
      .executeTakeFirst();
    return added !== undefined;
  }

  /** The last `limit` messages, oldest first. */
  async messages(workspaceId: string, limit = 10_000): Promise<StoredMessage[]> {
    const newestFirst = await this.q
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('workspace_id', '=', workspaceId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return newestFirst.reverse().map(fromRow);
  }

  /**
   * One page of a workspace's messages, oldest first: the newest `limit`, or
   * the ones just before or after a message, or `limit` around one (the
   * message itself and as many before it as after). `older` and `newer` say
   * whether the workspace holds more on either side. A cursor message that is
   * not in this workspace yields undefined.
   */
  async messagePage(
    workspaceId: string,
    page: MessagePageRequest,
  ): Promise<MessagePage | undefined> {
    const cursor = page.before ?? page.after ?? page.around;
    let seq: number | undefined;
    if (cursor !== undefined) {
      const row = await this.q
        .selectFrom('messages')
        .select('seq')
        .where('workspace_id', '=', workspaceId)
        .where('message_id', '=', cursor)
        .executeTakeFirst();
      if (!row) return undefined;
      seq = Number(row.seq);
    }
    const limit = page.limit;
    if (seq === undefined || page.before !== undefined) {
      const rows = await this.side(workspaceId, '<', seq, limit + 1);
      const older = rows.length > limit;
      return {
        messages: rows.slice(0, limit).reverse(),
        older,
        newer: seq !== undefined,
      };
    }
    if (page.after !== undefined) {
      const rows = await this.side(workspaceId, '>', seq, limit + 1);
      return { messages: rows.slice(0, limit), older: true, newer: rows.length > limit };
    }
    // Around: the message and the ones before it, then as many after as before.
    const half = Math.floor((limit - 1) / 2);
    const before = await this.side(workspaceId, '<=', seq, limit - half + 1);
    const after = await this.side(workspaceId, '>', seq, half + 1);
    const olderCount = Math.min(before.length, limit - half);
    return {
      messages: [...before.slice(0, olderCount).reverse(), ...after.slice(0, half)],
      older: before.length > olderCount,
      newer: after.length > half,
    };
  }

  /** Messages on one side of `seq` (all of them when undefined), nearest first. */
  private side(
    workspaceId: string,
    op: '<' | '<=' | '>',
    seq: number | undefined,
    limit: number,
  ): Promise<StoredMessage[]> {
    let query = this.q
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('workspace_id', '=', workspaceId);
    if (seq !== undefined) query = query.where('seq', op, seq);
    return query
      .orderBy('seq', op === '>' ? 'asc' : 'desc')
      .limit(limit)
      .execute()
      .then((rows) => rows.map(fromRow));
  }

  /** Messages of these workspaces whose content has the words (messages_fts, kept by triggers). */
  search(search: MessageSearch): Promise<MessageHit[]> {
    return searchMessages(this.q, search);
  }

  /**
   * Up to `limit` messages after the message `after` (from the first when
   * undefined), oldest first: an export reads a whole transcript page by page.
   */
  async pageAfter(
    workspaceId: string,
    after: string | undefined,
    limit: number,
  ): Promise<StoredMessage[]> {
    if (after === undefined) return this.side(workspaceId, '>', undefined, limit);
    return (await this.messagePage(workspaceId, { after, limit }))?.messages ?? [];
  }

  async messageCount(workspaceId: string): Promise<number> {
    const row = await this.q
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Stores a research box; the same id in the workspace again replaces it. */
  async addResearchBox(workspaceId: string, box: StoredResearchBox): Promise<void> {
    const fields = { name: box.name, title: box.title, html: box.html, content: box.content };
    await this.q
      .insertInto('research_boxes')
      .values({ workspace_id: workspaceId, id: box.id, ...fields })
      .onConflict((oc) => oc.columns(['workspace_id', 'id']).doUpdateSet(fields))
      .execute();
  }

  /** The last `limit` research boxes, oldest first. */
  async researchBoxes(workspaceId: string, limit = 1000): Promise<StoredResearchBox[]> {
    const newestFirst = await this.q
      .selectFrom('research_boxes')
      .select(['id', 'name', 'title', 'html', 'content'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return newestFirst.reverse();
  }

  async addTrace(workspaceId: string, trace: StoredTrace): Promise<void> {
    await this.q
      .insertInto('traces')
      .values({
        workspace_id: workspaceId,
        key: trace.key,
        html: trace.html,
        value: trace.value === undefined ? null : JSON.stringify(trace.value),
      })
      .execute();
  }

  /** The last `limit` traces, oldest first, with their values parsed back. */
  async traces(workspaceId: string, limit = 500): Promise<StoredTrace[]> {
    const newestFirst = await this.q
      .selectFrom('traces')
      .select(['key', 'html', 'value'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return newestFirst.reverse().map((t) => ({
      key: t.key,
      html: t.html,
      value: t.value === null ? undefined : (JSON.parse(t.value) as unknown),
    }));
  }
}
