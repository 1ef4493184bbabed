import type { FastifyInstance } from 'fastify';
import {
  ACTION_LOG_FORMAT,
  ACTION_LOG_VERSION,
  MAX_SUPPORT_LOG_BYTES,
  type SupportLogUpload,
  type SupportLogsResponse,
} from '../../protocol';
import { sendError } from '../auth/requestAuth';
import type { Store } from '../store';
import { requireCsrf } from './csrf';
import type { Guards } from './guards';

const NOTE_MAX = 2000;

/** The shape a session log must have to be kept (the replay page checks the rest). */
function checkLog(log: unknown): { appVersion: string; actions: number } | string {
  if (typeof log !== 'object' || log === null) return 'log must be a session log object';
  const l = log as Record<string, unknown>;
  if (l.format !== ACTION_LOG_FORMAT) return 'log is not an EMgen session log';
  if (l.version !== ACTION_LOG_VERSION)
    return `session log format version ${String(l.version)} is not supported`;
  if (typeof l.appVersion !== 'string' || !l.appVersion) return 'log.appVersion is required';
  if (!Array.isArray(l.entries)) return 'log.entries must be a list';
  return { appVersion: l.appVersion.slice(0, 50), actions: l.entries.length };
}

/**
 * Support logs (issue 10): any member of a world may send their session log;
 * the world's administrators list and open them from the admin area.
 */
export function supportLogRoutes(app: FastifyInstance, deps: { store: Store; guards: Guards }) {
  const { store, guards } = deps;
  const logs = store.supportLogs;

  app.post<{ Body: SupportLogUpload }>(
    '/api/support/logs',
    { onRequest: [requireCsrf, ...guards.world], bodyLimit: MAX_SUPPORT_LOG_BYTES },
    async (req, reply) => {
      const body = req.body;
      if (typeof body !== 'object' || body === null)
        return sendError(reply, 400, 'Send { log, note } as JSON');
      const checked = checkLog(body.log);
      if (typeof checked === 'string') return sendError(reply, 400, checked);
      const note = typeof body.note === 'string' ? body.note.trim().slice(0, NOTE_MAX) : '';
      const world = req.world!.world_id;
      const user = req.signed!.user;
      const id = await logs.add({
        worldId: world,
        userId: user.id,
        appVersion: checked.appVersion,
        actions: checked.actions,
        note,
        body: JSON.stringify(body.log),
      });
      await store.console.append(world, {
        app_name: 'emgen',
        from: 'support',
        message: `Support log received from ${user.email} (${checked.actions} actions)`,
      });
      return { status: 'ok', id };
    },
  );

  app.get('/api/support/logs', { onRequest: guards.admin }, async (req) => {
    const body: SupportLogsResponse = { logs: await logs.list(req.world!.world_id) };
    return body;
  });

  app.get<{ Params: { id: string } }>(
    '/api/support/logs/:id',
    { onRequest: guards.admin },
    async (req, reply) => {
      const text = await logs.body(req.world!.world_id, req.params.id);
      if (text === undefined) return sendError(reply, 404, 'No such support log in this world');
      return reply.type('application/json').send(text);
    },
  );
}
