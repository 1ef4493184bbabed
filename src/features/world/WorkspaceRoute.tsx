import { Suspense } from 'react';
import {
  useSearchParams,
  type LoaderFunctionArgs,
  type RouterContextProvider,
} from 'react-router-dom';
import { LoadingScreen } from '../../components/FullScreenSpinner';
import { preloadable } from '../../components/preloadable';
import { appStoreContext } from '../../store/routerContext';
import type { BuildWhileConnecting } from './buildWhileConnecting';
import { prefetchWorkspaceFiles } from '../workspaceFiles/prefetchWorkspaceFiles';
import { workspaceHasMessages } from './workspaceHasMessages';

// Markdown, highlighting and the virtualizer load with the page, not with /login.
const workspacePage = preloadable(
  () => import('../workspace/WorkspacePage').then((m) => m.WorkspacePage),
  LoadingScreen,
);
const managementPage = preloadable(
  () =>
    import('../workspaceManagement/WorkspaceManagementPage').then((m) => m.WorkspaceManagementPage),
  LoadingScreen,
);

/**
 * The route's loader: the page's code starts downloading when the route
 * matches, alongside the session check and the socket, not after them.
 */
export function workspaceRouteLoader({
  request,
  params: route,
  context,
}: LoaderFunctionArgs): null {
  const params = new URL(request.url).searchParams;
  const workspaceId = params.get('id') || null;
  // Absent where the router was made without one (replays, tests): nothing is asked of the
  // server then, and the warm-up always runs.
  const store = (context as RouterContextProvider | undefined)?.get(appStoreContext);
  // A failed download is reported where the page renders.
  if (params.has('mode')) {
    managementPage.preload().catch(() => undefined);
    return null;
  }
  const page = workspacePage.preload();
  page.catch(() => undefined);
  // Asked of the server now, only by the app's own router (it has the store): a replay's sends
  // nothing. Whether there is a conversation to show (the socket brings the history much later),
  // and the workspace's files as the session check says yes (not after the page's first commit).
  let hasMessages: Promise<boolean | undefined> = Promise.resolve(undefined);
  if (store && route.worldId && workspaceId) {
    hasMessages = workspaceHasMessages(route.worldId, workspaceId, request.signal);
    prefetchWorkspaceFiles(store, route.worldId, workspaceId);
  }
  // The markdown and HTML renderers too, once the page's code is in, where there are messages
  // (or the server could not say): a chunk's code runs only when the page is between tasks, and
  // once the socket is open it seldom is before the first rows render (they would show as plain
  // text first, then again as markdown). Not alongside the page's code: on a slow connection
  // they would share it. Not for a conversation not yet begun: its first screen has no markdown,
  // and the page fetches them once that screen is up.
  const renderers = Promise.all([page, hasMessages]).then(([, has]) =>
    has === false ? undefined : import('../../components/RichTextOnDemand'),
  );
  renderers.then((module) => module?.preloadRichText()).catch(() => undefined);
  // Its first relative times and the markdown parser's code (compiled by the engine on first
  // use) are made as soon as their chunks are in, while the page's code and the socket are on
  // their way, not while the rows render. Left for an idle moment, they seldom found one (the
  // page is built in slices from then on) and ran at the idle deadline, most often just after
  // the history had come, so between it and the rows.
  const warmUp = import('../workspace/warmUp');
  warmUp.then(({ warmUpWorkspacePage }) => warmUpWorkspacePage()).catch(() => undefined);
  // Not for a workspace whose history has come in empty: no rows to render.
  Promise.all([warmUp, renderers.then((module) => module && import('../../components/richText'))])
    .then(([{ markdownWarmUpWanted }, richText]) =>
      richText?.warmUpMarkdown(() => markdownWarmUpWanted(store?.getState(), workspaceId)),
    )
    .catch(() => undefined);
  return null;
}

/**
 * The chat page is made while the world connects: its first screen is then the rows alone
 * (the management page, with a mode in the query, waits for the socket as other pages do).
 */
export const workspaceWhileConnecting: BuildWhileConnecting = {
  buildWhileConnecting: (search) => !search.has('mode'),
};

/**
 * /w/{worldid}/workspace is the chat page, but with a mode in the query it is
 * the management page (SPEC §2: "the two readings both appear").
 */
export function WorkspaceRoute() {
  const [params] = useSearchParams();
  const Page = params.has('mode') ? managementPage.Component : workspacePage.Component;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  );
}
