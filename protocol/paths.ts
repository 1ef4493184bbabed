const SAME_SITE = 'http://same-site.invalid';

/**
 * A path to go to after sign-in, if it stays on this site; else undefined.
 * Judged the way a browser reads a Location header (which drops tabs and
 * newlines and takes `\` for `/`, so `/\t/evil.example` is `//evil.example`),
 * and answered in that normalised, percent-encoded form, which is always a
 * valid header value. A normalised path starting `//` (from `/..//evil.example`)
 * would read as another host, so it is refused too.
 */
export function safeNextPath(next: unknown): string | undefined {
  if (typeof next !== 'string' || !next.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(next, SAME_SITE);
  } catch {
    return undefined; // e.g. `//:x`: a broken host, never a same-site path
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === SAME_SITE && !path.startsWith('//') ? path : undefined;
}

/** An absolute http: or https: URL in its parsed form; else undefined (javascript:, data:, `//host`, relative...). */
export function httpUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link an app may give the browser (service_url, home_link, ...): an http(s)
 * URL or a path on this site, normalised; undefined for anything else.
 */
export function safeLinkUrl(url: unknown): string | undefined {
  return httpUrl(url) ?? safeNextPath(url);
}

/*
 * The screens' URLs (SPEC §2 route table), built in one place: the browser's
 * links and navigations and the server's redirects, messages and commands all
 * take them from here, so a route changes once and every segment is encoded.
 */

/** A drive path in a URL: each segment encoded, the slashes kept. */
export function encodeFilePath(path: string): string {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map(encodeURIComponent)
    .join('/');
}

/** /w/{worldid}: a world's home (it redirects to the dashboard). */
export function worldUrl(worldId: string): string {
  return `/w/${encodeURIComponent(worldId)}`;
}

export function dashboardUrl(worldId: string): string {
  return `${worldUrl(worldId)}/dashboard`;
}

export function consoleUrl(worldId: string): string {
  return `${worldUrl(worldId)}/console`;
}

/** A world screen by name (dashboard, workspace, workspace-management, console…), query kept. */
export function worldScreenUrl(worldId: string, screen: string, search = ''): string {
  return `${worldUrl(worldId)}/${screen}${search}`;
}

/** The workspace chat page; with a message id it opens on the page around that message. */
export function workspaceUrl(worldId: string, workspaceId: string, messageId?: string): string {
  const message = messageId ? `&message=${encodeURIComponent(messageId)}` : '';
  return `${worldUrl(worldId)}/workspace?id=${encodeURIComponent(workspaceId)}${message}`;
}

/** The print view of a workspace's whole conversation; with print it opens the print dialog. */
export function workspacePrintUrl(worldId: string, workspaceId: string, print = false): string {
  return `${worldUrl(worldId)}/workspace-print?id=${encodeURIComponent(workspaceId)}${print ? '&print=1' : ''}`;
}

export function createWorkspaceUrl(worldId: string, workspaceId: string): string {
  return `${worldUrl(worldId)}/workspace-management?id=${encodeURIComponent(workspaceId)}&mode=create`;
}

/** The Configure Workspace page of a workspace (the sidebar's button goes there too). */
export function configureWorkspaceUrl(worldId: string, workspaceId: string): string {
  return `${worldUrl(worldId)}/workspace-management?id=${encodeURIComponent(workspaceId)}&mode=edit`;
}

/** The drive file viewer inside a world, /w/{worldid}/emdrive/{driveName}/file/{filePath}. */
export function worldFileViewerUrl(worldId: string, drive: string, path: string): string {
  return `${worldUrl(worldId)}/emdrive/${encodeURIComponent(drive)}/file/${encodeFilePath(path)}`;
}

/** The drive file viewer a finder opens by full navigation, /emdrive/{drive}/file/{path}. */
export function fileViewerUrl(drive: string, path: string): string {
  return `/emdrive/${encodeURIComponent(drive)}/file/${encodeFilePath(path)}`;
}

/** The admin area's home and pages (/admin, /admin/apps, …) in the active world. */
export function adminUrl(page = ''): string {
  return page ? `/admin/${page}` : '/admin';
}

/** The admin page of one drive's files. */
export function adminDriveUrl(drive: string): string {
  return `/admin/emdrive/${encodeURIComponent(drive)}`;
}

/** The admin file viewer, /admin/emdrive/{driveName}/file/{filePath}. */
export function adminFileUrl(drive: string, path: string): string {
  return `${adminDriveUrl(drive)}/file/${encodeFilePath(path)}`;
}

export function adminAppUrl(appName: string): string {
  return `/admin/apps/${encodeURIComponent(appName)}`;
}
