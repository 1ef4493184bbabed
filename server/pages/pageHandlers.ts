import type { ClientFrame, ServerContent } from '../../protocol';
import type { AppRegistry } from '../cog/registry';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import { DEFAULT_SCREEN_TIMEOUT_MS, invokeCog, messageOf } from './invoke';
import { findPage, type FoundPage } from './pageLookup';
import { checkPageResult, INVALID_PAGE_SCREEN, sameSiteRedirect } from './screenResult';

export interface PageHandlerDeps {
  store: Store;
  registry: AppRegistry;
  /** How long a page cog may take (default 10 s; tests shorten it). */
  timeoutMs?: number;
}

type PageReply = ServerContent<'page.display'>;

/** The names a reply carries: the page's, else what the request said. */
function names(
  page: FoundPage | undefined,
  request: { appname?: string; pagename?: string; path?: string },
) {
  const appname = page?.appname ?? request.appname;
  const pagename = page?.pagename ?? request.pagename;
  const path = request.path ?? page?.path;
  return {
    ...(appname ? { appname } : {}),
    ...(pagename ? { pagename } : {}),
    ...(path ? { path } : {}),
  };
}

/**
 * Server-driven pages (SPEC §2 Page viewer, §7 page.display / page.event):
 * finds the page cog by app and page name or by path, runs it for the
 * connection's world and user, checks what it returned against the protocol
 * and answers with page.display (status 'ok' or 'error'), echoing the request id.
 */
export function registerPageHandlers(hub: CogHub, deps: PageHandlerDeps): void {
  const { store, registry } = deps;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_SCREEN_TIMEOUT_MS;
  hub.runsLong('page.display', 'page.event'); // a page cog may take up to timeoutMs

  /** A page that broke (threw, timed out, answered garbage) is the world's business too. */
  async function toConsole(conn: CogConnection, page: FoundPage, message: string): Promise<void> {
    await store.console.append(conn.worldId, {
      app_name: page.appname,
      from: 'page.error',
      message: `Page ${page.appname}/${page.pagename} failed: ${message}`,
    });
  }

  /** Runs the page cog; UserError carries what the user is told. */
  async function run(
    conn: CogConnection,
    page: FoundPage,
    kvargs: Record<string, unknown>,
    needsComponent: boolean,
  ) {
    let raw: unknown;
    try {
      raw = await invokeCog(
        page.cog,
        kvargs,
        { worldId: conn.worldId, userId: conn.userId },
        { timeoutMs, label: `Page "${page.pagename}" of app "${page.appname}"` },
      );
    } catch (err) {
      const message = messageOf(err);
      await toConsole(conn, page, message);
      throw new UserError(message);
    }
    const checked = checkPageResult(raw, { needsComponent });
    if (!checked.ok) {
      await toConsole(conn, page, `${INVALID_PAGE_SCREEN} (${checked.reason})`);
      throw new UserError(INVALID_PAGE_SCREEN);
    }
    const { redirect_url: asked, ...result } = checked.value;
    const redirect = sameSiteRedirect(asked);
    if (asked !== undefined && !redirect.redirect_url)
      await toConsole(
        conn,
        page,
        `redirect_url "${asked.slice(0, 200)}" is not a path on this site; ignored`,
      );
    return { ...result, ...redirect };
  }

  function answer(conn: CogConnection, frame: ClientFrame, content: PageReply): void {
    hub.reply(conn, frame, 'page.display', content);
  }

  async function refuse(
    conn: CogConnection,
    frame: ClientFrame,
    page: FoundPage | undefined,
    request: { appname?: string; pagename?: string; path?: string },
    err: unknown,
  ): Promise<void> {
    const error = messageOf(err);
    // Refusals were already logged where they arose; anything else is a bug worth seeing.
    if (!(err instanceof UserError))
      await store.console.append(conn.worldId, {
        app_name: 'emgen',
        from: 'page.error',
        message: `${frame.typ} failed: ${error}`,
      });
    answer(conn, frame, { ...names(page, request), status: 'error', error });
  }

  hub.on('page.display', async (conn, frame) => {
    const request = frame.content;
    let page: FoundPage | undefined;
    try {
      page = findPage(registry, conn.worldId, request);
      const result = await run(conn, page, { pagename: page.pagename }, true);
      answer(conn, frame, { ...names(page, request), component: result.component, status: 'ok' });
    } catch (err) {
      await refuse(conn, frame, page, request, err);
    }
  });

  hub.on('page.event', async (conn, frame) => {
    const { event_handler, attrs, appname, pagename } = frame.content;
    const request = { appname, pagename };
    let page: FoundPage | undefined;
    try {
      page = findPage(registry, conn.worldId, request, { pagenameAlone: true });
      const result = await run(
        conn,
        page,
        { pagename: page.pagename, event: { event_handler, attrs: attrs ?? {} } },
        false,
      );
      if (result.flash) hub.send(conn, 'flash.message', { text: result.flash });
      answer(conn, frame, {
        ...names(page, request),
        ...(result.component ? { component: result.component } : {}),
        ...(result.redirect_url ? { redirect_url: result.redirect_url } : {}),
        status: 'ok',
      });
    } catch (err) {
      await refuse(conn, frame, page, request, err);
    }
  });
}
