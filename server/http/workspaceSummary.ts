import type { FastifyInstance } from 'fastify';
import type { WorkspaceSummaryResponse } from '../../protocol';
import type { Store } from '../store';
import type { Guards } from './guards';
import { workspaceOfRoute } from './workspaceParam';

/**
 * GET /api/workspaces/:id, the workspace's summary: asked while the page's code and the
 * socket are on their way, so the page knows early whether there is a conversation to show
 * (the markdown renderer is then fetched at once; an empty one shows without it). Session,
 * world and the workspace's access are checked as on every workspace route.
 */
export function workspaceSummaryRoutes(
  app: FastifyInstance,
  deps: { store: Store; guards: Guards },
): void {
  const { store, guards } = deps;
  app.get('/api/workspaces/:id', { onRequest: guards.world }, async (req, reply) => {
    const found = await workspaceOfRoute(store, req, reply);
    if (!found) return reply;
    const body: WorkspaceSummaryResponse = {
      status: 'success',
      data: {
        id: found.ws.id,
        name: found.ws.name,
        messageCount: await store.transcripts.messageCount(found.ws.id),
      },
    };
    return reply.header('Cache-Control', 'private, no-store').send(body);
  });
}
