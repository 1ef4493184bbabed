import type { Db } from './db';

export interface StoredMessage {
  message_id: string;
  role: 'user' | 'assistant';
  name: string;
  expert_id: string | null;
  user_id: string | null;
  content: string | null;
  html: string | null;
  created_at: string;
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
  constructor(private readonly db: Db) {}

  addMessage(workspaceId: string, m: StoredMessage): void {
    this.db
      .prepare(
        `INSERT INTO messages (workspace_id, message_id, role, name, expert_id, user_id, content, html, created_at)
         VALUES (@workspaceId, @message_id, @role, @name, @expert_id, @user_id, @content, @html, @created_at)
         ON CONFLICT (message_id) DO UPDATE SET content = excluded.content, html = excluded.html`,
      )
      .run({ workspaceId, ...m });
  }

  /** The last `limit` messages, oldest first. */
  messages(workspaceId: string, limit = 10_000): StoredMessage[] {
    return this.db
      .prepare(
        `SELECT message_id, role, name, expert_id, user_id, content, html, created_at FROM (
           SELECT * FROM messages WHERE workspace_id = ? ORDER BY seq DESC LIMIT ?
         ) ORDER BY seq ASC`,
      )
      .all(workspaceId, limit) as StoredMessage[];
  }

  messageCount(workspaceId: string): number {
    return (
      this.db
        .prepare('SELECT count(*) AS n FROM messages WHERE workspace_id = ?')
        .get(workspaceId) as { n: number }
    ).n;
  }

  addResearchBox(workspaceId: string, box: StoredResearchBox): void {
    this.db
      .prepare(
        `INSERT INTO research_boxes (workspace_id, id, name, title, html, content)
         VALUES (@workspaceId, @id, @name, @title, @html, @content)
         ON CONFLICT (workspace_id, id) DO UPDATE SET name = excluded.name, title = excluded.title,
           html = excluded.html, content = excluded.content`,
      )
      .run({ workspaceId, ...box });
  }

  researchBoxes(workspaceId: string, limit = 1000): StoredResearchBox[] {
    return this.db
      .prepare(
        `SELECT id, name, title, html, content FROM (
           SELECT * FROM research_boxes WHERE workspace_id = ? ORDER BY seq DESC LIMIT ?
         ) ORDER BY seq ASC`,
      )
      .all(workspaceId, limit) as StoredResearchBox[];
  }

  addTrace(workspaceId: string, trace: StoredTrace): void {
    this.db
      .prepare('INSERT INTO traces (workspace_id, key, html, value) VALUES (?, ?, ?, ?)')
      .run(
        workspaceId,
        trace.key,
        trace.html,
        trace.value === undefined ? null : JSON.stringify(trace.value),
      );
  }

  traces(workspaceId: string, limit = 500): StoredTrace[] {
    return (
      this.db
        .prepare(
          `SELECT key, html, value FROM (
             SELECT * FROM traces WHERE workspace_id = ? ORDER BY seq DESC LIMIT ?
           ) ORDER BY seq ASC`,
        )
        .all(workspaceId, limit) as { key: string; html: string | null; value: string | null }[]
    ).map((t) => ({
      key: t.key,
      html: t.html,
      value: t.value === null ? undefined : JSON.parse(t.value),
    }));
  }
}
