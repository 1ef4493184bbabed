import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { preloadable } from '../../components/preloadable';

// Markdown, highlighting and the virtualizer load with the page, not with /login.
const workspacePage = preloadable(() =>
  import('../workspace/WorkspacePage').then((m) => m.WorkspacePage),
);
const managementPage = preloadable(() =>
  import('../workspaceManagement/WorkspaceManagementPage').then((m) => m.WorkspaceManagementPage),
);

/**
 * The route's loader: the page's code starts downloading when the route
 * matches, alongside the session check and the socket, not after them.
 */
export function workspaceRouteLoader({ request }: LoaderFunctionArgs): null {
  const management = new URL(request.url).searchParams.has('mode');
  // A failed download is reported where the page renders.
  if (management) managementPage.preload().catch(() => undefined);
  else
    workspacePage
      .preload()
      // Its date formatters are made while the socket connects, not while the rows render.
      .then(() => import('../workspace/warmUp'))
      .then(({ warmUpWorkspacePage, whenIdle }) => whenIdle(() => warmUpWorkspacePage()))
      .catch(() => undefined);
  return null;
}

/**
 * /w/{worldid}/workspace is the chat page, but with a mode in the query it is
 * the management page (SPEC §2: "the two readings both appear").
 */
export function WorkspaceRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const Page = params.has('mode') ? managementPage.Component : workspacePage.Component;
  return (
    <Suspense fallback={<FullScreenSpinner label={t('Loading...')} />}>
      <Page />
    </Suspense>
  );
}
