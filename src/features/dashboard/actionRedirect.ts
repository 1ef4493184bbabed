/** Where a dashboard action's redirect_url leads (SPEC §7 POST /api/action). */
export interface ActionRedirectTarget {
  screen: 'management' | 'workspace';
  /** The redirect's path, query and hash, as given, for the router. */
  to: string;
}

/** A URL from the server as a path in this app: the origin, if any, is dropped. */
export function appPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Last path segment workspace-management → the management screen; anything else → the workspace. */
export function actionRedirectTarget(redirectUrl: string): ActionRedirectTarget {
  const to = appPath(redirectUrl);
  const { pathname } = new URL(to, window.location.origin);
  const last = pathname.split('/').filter(Boolean).at(-1);
  return { screen: last === 'workspace-management' ? 'management' : 'workspace', to };
}
