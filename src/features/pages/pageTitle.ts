import { t } from '../../i18n/i18n';
import { worldTitle } from '../world/worldPath';

/** A path segment or id as words: 'getting-started' → 'Getting Started' (SPEC §1's title rule). */
const asName = worldTitle;

/**
 * The page viewer's title as a name, never a path: '/u1/demo' → 'Demo',
 * path 'docs/getting_started.md' → 'Getting Started', app 'emgen' page
 * 'home' → 'Home – Emgen'.
 */
export function pageTitle({
  appname,
  pagename,
  path,
}: {
  appname?: string;
  pagename?: string;
  path?: string;
}): string {
  if (appname && pagename) return `${asName(pagename)} – ${asName(appname)}`;
  const last = path
    ?.split(/[?#]/)[0]
    ?.split('/')
    .filter(Boolean)
    .pop()
    ?.replace(/\.[a-z0-9]+$/i, '');
  return last ? asName(last) : t('Page');
}
