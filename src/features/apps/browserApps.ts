import type { Application } from '../../../protocol';

/**
 * The apps this browser hosts, as it reports them to the server in
 * cog.apps.response (SPEC §7). The browser hosts no cogs of its own yet;
 * client-side commands will be listed here when they exist.
 */
export function browserApps(): Application[] {
  return [];
}
