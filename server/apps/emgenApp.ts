import { REGISTRY_APPS_CALL } from '../../protocol';
import type { App, AppRegistry } from './registry';

export const EMGEN_APP = REGISTRY_APPS_CALL.appname;

/**
 * The built-in `emgen` app. Its `registry/apps` cog is what the admin
 * Applications pages call (cog.call, REGISTRY_APPS_CALL): every app the
 * server knows, in-process or remote, in the SPEC §3 Application shape.
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
        handler: async () => registry.list().map((app) => registry.describe(app)),
      },
    ],
  };
}
