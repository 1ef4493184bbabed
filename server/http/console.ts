import type { FastifyInstance } from 'fastify';
import type { ConsoleResponse } from '../../protocol';
import type { Store } from '../store';
import { redactEmails } from './consoleRedaction';
import { requireCsrf } from './csrf';
import type { Guards } from './guards';

/** The per-world console (SPEC §7): members read it (without others' emails), admins clear it. */
export function consoleRoutes(app: FastifyInstance, deps: { store: Store; guards: Guards }): void {
  const { store, guards } = deps;

  app.get('/api/console', { onRequest: guards.world }, async (req) => {
    const messages = await store.console.list(req.world!.world_id);
    const body: ConsoleResponse = {
      messages: req.world!.is_admin
        ? messages
        : await redactEmails(messages, async (email) => (await store.users.byEmail(email))?.name),
    };
    return body;
  });

  // The spec makes clearing a GET; it changes state, so it needs the CSRF header like a POST.
  app.get('/api/console/clear', { onRequest: [requireCsrf, ...guards.admin] }, async (req) => {
    await store.console.clearBy(req.world!.world_id, req.signed!.user.email);
    return { status: 'ok' };
  });
}
