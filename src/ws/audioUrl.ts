import { AUDIO_SOCKET_PATH } from '../../protocol/audio';

export interface AudioUrlParams {
  browserId: string;
  worldId: string;
}

/** The dictation socket beside the page (SPEC §7): same host, wss when the page is https. */
export function audioSocketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  { browserId, worldId }: AudioUrlParams,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ worldId, browser: browserId });
  return `${scheme}//${location.host}${AUDIO_SOCKET_PATH}?${query.toString()}`;
}
