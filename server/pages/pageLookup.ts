import { INVALID_PAGE_CONFIG } from '../../protocol';
import { exposedPath, isBuiltIn, type AnnotatedCog, type AppRegistry } from '../cog/registry';
import { UserError } from '../cog/userError';

/** The annotation that makes a cog a page: `page: { pagename, title?, path? }`. */
export const PAGE_ANNOTATION = 'page';

/** A page cog, with the names it answers to. */
export interface FoundPage extends AnnotatedCog {
  appname: string;
  pagename: string;
  /**
   * The path it answers to, if its annotation declares one: a built-in's as
   * declared (e.g. the legacy '/u1/demo'), a remote app's as `/{app}/{path}`.
   */
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
  const declared = text(a.attrs.path);
  const path = declared && exposedPath(a.app, declared);
  return {
    ...a,
    appname: a.app.name,
    pagename: text(a.attrs.pagename) ?? a.cog.name,
    ...(path ? { path } : {}),
  };
};

/** Every page cog world `worldId` sees (built-in or of its remote apps), built-ins first. */
export function allPages(registry: AppRegistry, worldId: string): FoundPage[] {
  return registry.annotated(PAGE_ANNOTATION, worldId).map(describe);
}

/** The page `pagename` of app `appname` in a world, or UserError naming what is missing. */
export function pageByName(
  registry: AppRegistry,
  worldId: string,
  appname: string,
  pagename: string,
): FoundPage {
  const app = registry.get(appname, worldId);
  if (!app) throw new UserError(`Unknown app "${appname}"`);
  const page = allPages(registry, worldId).find((p) => p.app === app && p.pagename === pagename);
  if (!page) throw new UserError(`Page "${pagename}" not found in app "${appname}"`);
  return page;
}

/**
 * The page at `path`: a built-in page whose annotation declares that path,
 * else a remote app's page whose declared path, exposed as `/{app}/{path}`,
 * is this one (leading slash optional), else the route forms
 * `/a/{appname}/p/{pagename}` and `{appname}/{pagename}`. A remote app's
 * paths all start with its own name, so they never take a built-in's path or
 * another app's.
 */
export function pageByPath(registry: AppRegistry, worldId: string, path: string): FoundPage {
  const pages = allPages(registry, worldId);
  const bare = path.replace(/^\/+/, '').replace(/\/+$/, '');
  const declared =
    pages.find((p) => isBuiltIn(p.app) && p.path === path) ??
    pages.find((p) => !isBuiltIn(p.app) && p.path?.replace(/^\/+|\/+$/g, '') === bare);
  if (declared) return declared;
  const route = /^a\/([^/]+)\/p\/(.+)$/.exec(bare);
  const [appname, pagename] = route
    ? [route[1]!, route[2]!]
    : [bare.slice(0, bare.indexOf('/')), bare.slice(bare.indexOf('/') + 1)];
  if (!bare.includes('/') || !appname || !pagename)
    throw new UserError(`No page at path "${path}"`);
  return pageByName(registry, worldId, decoded(appname), decoded(pagename));
}

/**
 * The page a page.display or page.event names in a world: appname+pagename,
 * else path; page.event may name only the page when exactly one app has a
 * page by that name (the built-in apps are asked first, so a remote app's
 * page of the same name never makes a built-in one ambiguous).
 */
export function findPage(
  registry: AppRegistry,
  worldId: string,
  request: { appname?: string; pagename?: string; path?: string },
  opts: { pagenameAlone?: boolean } = {},
): FoundPage {
  const { appname, pagename, path } = request;
  if (appname && pagename) return pageByName(registry, worldId, appname, pagename);
  if (path) return pageByPath(registry, worldId, path);
  if (pagename && opts.pagenameAlone) {
    const all = allPages(registry, worldId).filter((p) => p.pagename === pagename);
    const builtIn = all.filter((p) => isBuiltIn(p.app));
    const named = builtIn.length ? builtIn : all;
    if (named.length === 1) return named[0]!;
    if (named.length > 1)
      throw new UserError(`Page "${pagename}" is in several apps: name the app`);
    throw new UserError(`Page "${pagename}" not found`);
  }
  throw new UserError(INVALID_PAGE_CONFIG);
}
