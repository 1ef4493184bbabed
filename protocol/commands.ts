import * as z from 'zod/mini';

/**
 * What a command asks the browser to do after it ran on the server
 * (command.execute.response content.effect). Commands run server-side; the
 * few that act on the page say so with one of these.
 */
export const commandEffectSchema = z.union([
  z.object({ kind: z.literal('navigate'), to: z.string() }),
  z.object({ kind: z.literal('openFileFinder') }),
  z.object({ kind: z.literal('switchWorld'), worldId: z.string() }),
  z.object({ kind: z.literal('exportSessionLog') }),
  z.object({ kind: z.literal('flash'), text: z.string() }),
]);
export type CommandEffect = z.infer<typeof commandEffectSchema>;

/** The namespace a palette lists when none is given (SPEC §9). */
export const DEFAULT_COMMAND_NAMESPACE = 'workspace';
/** Shorter queries do nothing (SPEC §5, §9). */
export const MIN_COMMAND_QUERY = 2;

/** The registry cog the admin Applications pages call over cog.call. */
export const REGISTRY_APPS_CALL = { appname: 'emgen', module: 'registry', cog: 'apps' } as const;
