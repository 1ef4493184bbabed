import { INVALID_PAGE_CONFIG } from '../../protocol';
import type { AnnotatedCog, AppRegistry } from '../apps/registry';

/** The annotation that makes a cog a page: `page: { pagename, title?, path? }`. */
export const PAGE_ANNOTATION = 'page';

/** A page request the server refuses; its message is the reply's error. */
export class PageRequestError extends Error {}

/** A page cog, with the names it answers to. */
export interface FoundPage extends AnnotatedCog {
  appname: string;
  pagename: string;
  /** The annotation's path (e.g. the legacy '/u1/demo'), if it has one. */
  path?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // a stray '%': the name as written
  }
};

const describe = (a: AnnotatedCog): FoundPage => {
  const path = text(a.attrs.path);
  return {
    ...a,
    appname: a.app.name,
    pagename: text(a.attrs.pagename) ?? a.cog.name,
    ...(path ? { path } : {}),
  };
};

/** Every page cog the registry knows, in-process or remote. */
export function allPages(registry: AppRegistry): FoundPage[] {
  return registry.annotated(PAGE_ANNOTATION).map(describe);
}

/** The page `pagename` of app `appname`, or PageRequestError naming what is missing. */
export function pageByName(registry: AppRegistry, appname: string, pagename: string): FoundPage {
  const app = registry.get(appname);
  if (!app) throw new PageRequestError(`Unknown app "${appname}"`);
  const page = allPages(registry).find((p) => p.app === app && p.pagename === pagename);
  if (!page) throw new PageRequestError(`Page "${pagename}" not found in app "${appname}"`);
  return page;
}

/**
 * The page at `path`: a page whose annotation declares that path, else the
 * route forms `/a/{appname}/p/{pagename}` and `{appname}/{pagename}` (leading
 * slash optional).
 */
export function pageByPath(registry: AppRegistry, path: string): FoundPage {
  const declared = allPages(registry).find((p) => p.path === path);
  if (declared) return declared;
  const bare = path.replace(/^\/+/, '').replace(/\/+$/, '');
  const route = /^a\/([^/]+)\/p\/(.+)$/.exec(bare);
  const [appname, pagename] = route
    ? [route[1]!, route[2]!]
    : [bare.slice(0, bare.indexOf('/')), bare.slice(bare.indexOf('/') + 1)];
  if (!bare.includes('/') || !appname || !pagename)
    throw new PageRequestError(`No page at path "${path}"`);
  return pageByName(registry, decoded(appname), decoded(pagename));
}

/**
 * The page a page.display or page.event names: appname+pagename, else path;
 * page.event may name only the page when exactly one app has a page by that name.
 */
export function findPage(
  registry: AppRegistry,
  request: { appname?: string; pagename?: string; path?: string },
  opts: { pagenameAlone?: boolean } = {},
): FoundPage {
  const { appname, pagename, path } = request;
  if (appname && pagename) return pageByName(registry, appname, pagename);
  if (path) return pageByPath(registry, path);
  if (pagename && opts.pagenameAlone) {
    const named = allPages(registry).filter((p) => p.pagename === pagename);
    if (named.length === 1) return named[0]!;
    if (named.length > 1)
      throw new PageRequestError(`Page "${pagename}" is in several apps: name the app`);
    throw new PageRequestError(`Page "${pagename}" not found`);
  }
  throw new PageRequestError(INVALID_PAGE_CONFIG);
}
