import { noteInBackground } from '../cog/consoleNote';
import type { FastifyInstance } from 'fastify';
import { actionRequestSchema } from '../../protocol';
import { quoted } from '../cog/links';
import type { AppRegistry } from '../cog/registry';
import { sendError } from '../auth/requestAuth';
import { findAction, renderDashboard, runAction } from '../dashboard/render';
import type { Store } from '../store';
import type { Guards } from './guards';

/** The dashboard and the actions its widgets run (SPEC §7 GET /api/dashboard, POST /api/action). */
export function dashboardRoutes(
  app: FastifyInstance,
  deps: { store: Store; registry: AppRegistry; guards: Guards },
): void {
  const { store, registry, guards } = deps;

  app.get('/api/dashboard', { onRequest: guards.world }, async (req, reply) => {
    const query = req.query as { id?: unknown };
    const id = typeof query.id === 'string' && query.id ? query.id : 'core';
    const worldId = req.world!.world_id;
    const body = await renderDashboard(
      registry,
      id,
      { worldId, userId: req.signed!.user.id },
      {
        failed(widget, err) {
          const message = err instanceof Error ? err.message : String(err);
          req.log.error({ err, widget: widget.cog.name, app: widget.app.name }, 'widget failed');
          noteInBackground(store, req.log, worldId, {
            app_name: widget.app.name,
            from: 'dashboard.error',
            message: `Widget ${widget.cog.name} failed: ${message}`,
          });
        },
        droppedLink(widget, link) {
          noteInBackground(store, req.log, worldId, {
            app_name: widget.app.name,
            from: 'dashboard.warning',
            message:
              `Widget ${widget.cog.name}: ${link.where} ${quoted(link.value)} ` +
              'is not an http(s) URL or a path on this site; left out',
          });
        },
      },
    );
    if (!body) return sendError(reply, 404, `Unknown dashboard "${id.slice(0, 100)}"`);
    return body;
  });

  app.post('/api/action', { onRequest: guards.world }, async (req, reply) => {
    const parsed = actionRequestSchema.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, 'An action name is required');
    const worldId = req.world!.world_id;
    const action = findAction(registry, parsed.data.action, worldId);
    if (!action)
      return sendError(reply, 400, `Unknown action "${parsed.data.action.slice(0, 100)}"`);
    return runAction(action, parsed.data, { worldId, userId: req.signed!.user.id }, (asked) =>
      noteInBackground(store, req.log, worldId, {
        app_name: action.app.name,
        from: 'dashboard.warning',
        message: `Action ${parsed.data.action}: redirect_url ${quoted(asked)} is not a path on this site; ignored`,
      }),
    );
  });
}
