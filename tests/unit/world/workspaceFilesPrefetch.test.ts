import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSessionCheck } from '../../../src/features/auth/sessionCheck';
import { selectAuthStatus } from '../../../src/features/auth/authSlice';
import { workspaceRouteLoader } from '../../../src/features/world/WorkspaceRoute';
import { workspaceFilesApi } from '../../../src/features/workspaceFiles/workspaceFilesApi';
import { routerContextWith } from '../../../src/store/routerContext';
import { SESSION, json, makeTestStore, stubFetch } from '../testStore';

/**
 * Opening a workspace asks for its files as its route matches (the route's
 * loader), not once the page has committed: on a slow connection that
 * request was the last before the first screen. Only for a session the
 * check has accepted, and in the world of the address bar.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const FILE = {
  drive: 'docs',
  path: 'plan.md',
  name: 'plan.md',
  size: 12,
  mimeType: 'text/markdown',
};

/** A server whose session answer waits for `answerSession`; the requests it saw, by path. */
function server(session: () => Response) {
  let answerSession: () => void = () => undefined;
  const sessionAnswered = new Promise<void>((resolve) => (answerSession = resolve));
  const seen = stubFetch(async (req) => {
    const { pathname } = new URL(req.url);
    if (pathname === '/api/user') return sessionAnswered.then(session);
    if (pathname === '/api/workspaces/ws-1/files')
      return json(200, { status: 'success', data: { files: [FILE], uploadDrive: 'docs' } });
    return json(200, { status: 'success', data: { id: 'ws-1', name: null, messageCount: 0 } });
  });
  const paths = () => seen.map((r) => new URL(r.url).pathname);
  return { seen, paths, answerSession };
}

/**
 * The app's store with its session check under way, and the route's loader run for innovation-lab's
 * workspace ws-1 while the address bar shows `addressBar`.
 */
function openWorkspace(addressBar: string) {
  window.history.replaceState(null, '', addressBar);
  const t = makeTestStore();
  startSessionCheck(t.store);
  const url = new URL(`http://localhost/w/innovation-lab/workspace?id=ws-1`);
  workspaceRouteLoader({
    request: new Request(url),
    url,
    pattern: '/w/:worldId/workspace',
    params: { worldId: 'innovation-lab' },
    context: routerContextWith(t.store),
  });
  return t;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("the workspace's files, asked for by the route", () => {
  it('once the session check says yes; the page’s own query takes that answer', async () => {
    const s = server(() => json(200, SESSION));
    const t = openWorkspace('/w/innovation-lab/workspace?id=ws-1');
    await settled();
    // The session check has not answered: nothing is asked that a 401 could answer.
    expect(s.paths()).not.toContain('/api/workspaces/ws-1/files');

    s.answerSession();
    await vi.waitFor(() => expect(s.paths()).toContain('/api/workspaces/ws-1/files'));
    expect(s.seen.find((r) => r.url.endsWith('/files'))!.headers.get('X-World-Id')).toBe(
      'innovation-lab',
    );
    const query = t.store.dispatch(workspaceFilesApi.endpoints.getWorkspaceFiles.initiate('ws-1'));
    expect((await query).data).toEqual({ files: [FILE], uploadDrive: 'docs' });
    query.unsubscribe();
    expect(s.paths().filter((p) => p.endsWith('/files'))).toHaveLength(1);
  });

  it('not when the session check says the person is not signed in (they go to sign in, with the way back)', async () => {
    const s = server(() => json(401, { status: 'unauthorized', login_url: '/portal' }));
    const t = openWorkspace('/w/innovation-lab/workspace?id=ws-1');
    s.answerSession();
    await vi.waitFor(() => expect(selectAuthStatus(t.store.getState())).toBe('unauthorized'));
    await settled();
    expect(s.paths()).not.toContain('/api/workspaces/ws-1/files');
  });

  it('not while the address bar is in another world (the request would carry its world)', async () => {
    const s = server(() => json(200, SESSION));
    openWorkspace('/w/acme_research/dashboard');
    s.answerSession();
    await settled();
    expect(s.paths()).toContain('/api/user');
    expect(s.paths()).not.toContain('/api/workspaces/ws-1/files');
  });
});
