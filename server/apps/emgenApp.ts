import { REGISTRY_APPS_CALL } from '../../protocol';
import type { App, AppRegistry } from '../cog/registry';

export const EMGEN_APP = REGISTRY_APPS_CALL.appname;

/**
 * The built-in `emgen` app. Its `registry/apps` cog is what the admin
 * Applications pages call (cog.call, REGISTRY_APPS_CALL): every app the
 * caller's world sees (the built-in ones and the remote apps connected to
 * that world), in the SPEC §3 Application shape.
 * Administrators of the world only (`callable.admin`).
 */
export function emgenApp(deps: { registry: AppRegistry }): App {
  const { registry } = deps;
  return {
    name: EMGEN_APP,
    processId: process.pid,
    cogs: [
      {
        module: REGISTRY_APPS_CALL.module,
        name: REGISTRY_APPS_CALL.cog,
        annotations: {
          callable: {
            admin: true,
            description: 'Every registered app with its annotations',
          },
        },
        handler: async (_input, ctx) =>
          registry.list(ctx.worldId).map((app) => registry.describe(app)),
      },
    ],
  };
}
