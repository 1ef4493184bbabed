/** Where the cog socket lives (SPEC §7: /api/ws/cog with browser, worldId, version). */
export const COG_SOCKET_PATH = '/api/ws/cog';

export interface CogUrlParams {
  browserId: string;
  worldId: string;
  version: string;
}

/** Same host as the page; wss when the page is https. */
export function cogSocketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  { browserId, worldId, version }: CogUrlParams,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ browser: browserId, worldId, version });
  return `${scheme}//${location.host}${COG_SOCKET_PATH}?${query.toString()}`;
}
