import type { FastifyInstance } from 'fastify';
import type { CommandsResponse, NamespacesResponse } from '../../protocol';
import type { AppRegistry } from '../cog/registry';
import { CommandDirectory, DEFAULT_NAMESPACE, type CommandContext } from '../commands/directory';
import type { Store } from '../store';
import type { Guards } from './guards';

/**
 * The admin Registered Commands page's calls (SPEC §7): the namespaces
 * (without 'default', which the page offers as "Default Namespace") and the
 * commands of one namespace, of 'default' when none is given, or of all.
 */
export function commandRoutes(
  app: FastifyInstance,
  deps: { store: Store; registry: AppRegistry; guards: Guards },
): void {
  const directory = new CommandDirectory(deps);
  const ctx = (req: { world?: { world_id: string }; signed?: { user: { id: string } } }) =>
    ({ worldId: req.world!.world_id, userId: req.signed!.user.id }) satisfies CommandContext;

  app.get('/api/commands/namespaces', { onRequest: deps.guards.world }, async (req) => {
    const body: NamespacesResponse = {
      namespaces: (await directory.namespaces(ctx(req))).filter((ns) => ns !== DEFAULT_NAMESPACE),
    };
    return body;
  });

  app.get('/api/commands/list', { onRequest: deps.guards.world }, async (req) => {
    const query = req.query as Record<string, string | undefined>;
    const all = query.all === 'true';
    const namespace = query.namespace?.trim() || DEFAULT_NAMESPACE;
    const body: CommandsResponse = {
      commands: await directory.list(ctx(req), all ? undefined : namespace),
    };
    return body;
  });
}
