import type { DevToolsPreferences } from '../../../protocol';
import { DEVTOOLS_SETTINGS } from '../../store/devtools';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The store is made before anyone is signed in, so it reads the DevTools
 * settings from localStorage (store/devtools.ts): the account's preferences
 * are copied there whenever the settings page has them, and apply from the
 * next start of the page on.
 */
export function rememberDevToolsPreferences(
  prefs: DevToolsPreferences,
  storage: Storage | null = browserStorage(),
): void {
  try {
    storage?.setItem(DEVTOOLS_SETTINGS.maxAge, String(prefs.maxAge));
    storage?.setItem(DEVTOOLS_SETTINGS.hideHeartbeats, prefs.hideHeartbeats ? '1' : '0');
  } catch {
    // Storage full or disabled: the defaults then; the account keeps the preferences.
  }
}

/**
 * The remote DevTools server ('host:port') is this browser's, not the
 * account's (it names a server on the developer's own machine), so it stays
 * in localStorage only.
 */
export function readRemoteDevTools(storage: Storage | null = browserStorage()): string {
  try {
    return storage?.getItem(DEVTOOLS_SETTINGS.remote) ?? '';
  } catch {
    return '';
  }
}

export function rememberRemoteDevTools(
  target: string,
  storage: Storage | null = browserStorage(),
): void {
  try {
    if (target.trim()) storage?.setItem(DEVTOOLS_SETTINGS.remote, target.trim());
    else storage?.removeItem(DEVTOOLS_SETTINGS.remote);
  } catch {
    // As above.
  }
}
