import { loadConfig } from '../../server/config';
import { openConfiguredStore } from '../../server/store';
import { E2E_ADMIN } from './serverProcess';

/**
 * A new workspace in the e2e server's store (SQLite or PostgreSQL, as the run
 * has it) holding `count` messages `m-0000`… with their texts "message N".
 */
export async function seedTranscript(worldId: string, count: number): Promise<string> {
  const config = loadConfig({
    DATA_DIR: process.env.E2E_DATA_DIR!,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  });
  const store = await openConfiguredStore(config, { sessionTtlMs: 3600_000 });
  try {
    const admin = await store.users.byEmail(E2E_ADMIN.email);
    const ws = await store.workspaces.create({ worldId, createdBy: admin!.id });
    const prefix = ws.id.slice(0, 8);
    const start = Date.UTC(2026, 0, 1);
    await store.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await tx.transcripts.addMessage(ws.id, {
          message_id: `${prefix}-m-${String(i).padStart(4, '0')}`,
          role: i % 2 ? 'assistant' : 'user',
          name: i % 2 ? 'Ada Quant' : 'Administrator',
          expert_id: i % 2 ? 'ada-quant' : null,
          user_id: null,
          content: `message ${i}`,
          html: null,
          created_at: new Date(start + i * 60_000).toISOString(),
        });
      }
    });
    return ws.id;
  } finally {
    await store.close();
  }
}

/** The id seedTranscript gave message `i` of that workspace. */
export const seededMessageId = (workspaceId: string, i: number) =>
  `${workspaceId.slice(0, 8)}-m-${String(i).padStart(4, '0')}`;
