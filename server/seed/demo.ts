import { demoExperts } from './demoExperts';
import { toolProviderDefinitions } from '../meeting/tools/providers';
import { hashPassword } from '../auth/password';
import type { Store } from '../store';
import { welcomeWorkspaceId } from '../workspaces/paths';

export const DEMO_WORLDS = [
  { id: 'innovation-lab', name: 'Innovation Lab' },
  { id: 'acme_research', name: 'Acme Research' },
];

export interface SeedResult {
  /** Set only on the run that created the admin, so the credentials are printed once. */
  createdAdmin?: { email: string; password: string };
}

/** Fills a fresh database with the demo worlds, the admin account and the experts. Idempotent. */
export async function seedDemo(
  store: Store,
  admin: { email: string; password: string },
): Promise<SeedResult> {
  if (await store.meta.get('demo_seeded')) return {};
  const result: SeedResult = {};
  const passwordHash = await hashPassword(admin.password);
  // Two processes starting on a fresh database at once: the second waits, then finds it seeded.
  await store.exclusive(async (tx) => {
    if (await tx.meta.get('demo_seeded')) return;
    for (const w of DEMO_WORLDS)
      if (!(await tx.worlds.byId(w.id))) await tx.worlds.create(w.id, w.name);
    let user = await tx.users.byEmail(admin.email);
    if (!user) {
      user = await tx.users.create({ email: admin.email, name: 'Administrator', passwordHash });
      // The first account administers every account and world (/admin/users).
      await tx.users.setGlobalAdmin(user.id, true);
      result.createdAdmin = admin;
    }
    for (const w of DEMO_WORLDS) await tx.users.grant(user.id, w.id, true);
    await tx.users.setActiveWorld(user.id, DEMO_WORLDS[0]!.id);
    for (const e of demoExperts) await tx.experts.upsert(e);
    for (const w of DEMO_WORLDS) {
      const ws = await tx.workspaces.create({
        id: welcomeWorkspaceId(w.id),
        worldId: w.id,
        name: 'Welcome meeting',
        createdBy: user.id,
        // The world's common room: everyone in the world may open it (issue 20).
        shared: true,
      });
      for (const e of demoExperts) await tx.workspaces.addExpert(ws.id, e.id);
      for (const p of toolProviderDefinitions) await tx.workspaces.addToolProvider(ws.id, p.name);
    }
    await tx.meta.set('demo_seeded', new Date().toISOString());
  });
  return result;
}
