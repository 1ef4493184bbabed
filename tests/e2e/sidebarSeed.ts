import { loadConfig } from '../../server/config';
import { openConfiguredStore } from '../../server/store';
import { E2E_ADMIN } from './serverProcess';

/**
 * Named workspaces of the e2e admin in the e2e server's store, each with
 * `messages` messages "<name> message N" a minute apart (the first in
 * 2026, so a workspace seeded later in the list is the more recent), and
 * `word` inside the first message of the first one.
 */
export async function seedSidebarWorkspaces(
  worldId: string,
  names: string[],
  opts: { messages: number; word: string },
): Promise<{ ids: string[]; firstMessageId: string }> {
  const config = loadConfig({
    DATA_DIR: process.env.E2E_DATA_DIR!,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  });
  const store = await openConfiguredStore(config, { sessionTtlMs: 3600_000 });
  try {
    const admin = await store.users.byEmail(E2E_ADMIN.email);
    const ids: string[] = [];
    let at = Date.UTC(2026, 0, 1);
    for (const name of names) {
      const ws = await store.workspaces.create({ worldId, createdBy: admin!.id, name });
      ids.push(ws.id);
      await store.transaction(async (tx) => {
        for (let i = 0; i < opts.messages; i++) {
          const first = ids.length === 1 && i === 0;
          await tx.transcripts.addMessage(ws.id, {
            message_id: `${ws.id.slice(0, 8)}-sb-${i}`,
            role: 'user',
            name: 'Administrator',
            expert_id: null,
            user_id: admin!.id,
            content: first ? `An old note about ${opts.word} and more` : `${name} message ${i}`,
            html: null,
            created_at: new Date((at += 60_000)).toISOString(),
          });
        }
      });
    }
    return { ids, firstMessageId: `${ids[0]!.slice(0, 8)}-sb-0` };
  } finally {
    await store.close();
  }
}
