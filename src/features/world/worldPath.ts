const WORLD_PREFIX = /^\/w\/([^/?#]+)/;

/** The world id named by a /w/{worldid}/… path, if any. */
export function worldIdFromPath(pathname: string): string | undefined {
  const m = WORLD_PREFIX.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

export const DEFAULT_TITLE = 'Innovation Algebra';

/** SPEC §1: the world id split on - or _ and capitalised ('acme_research' → 'Acme Research'). */
export function worldTitle(worldId: string): string {
  return worldId
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export function titleForPath(pathname: string): string {
  const worldId = worldIdFromPath(pathname);
  return worldId ? worldTitle(worldId) : DEFAULT_TITLE;
}
