import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspaceRouteLoader } from '../../../src/features/world/WorkspaceRoute';
import { workspaceHasMessages } from '../../../src/features/world/workspaceHasMessages';
import { routerContextWith } from '../../../src/store/routerContext';
import { json, makeTestStore, stubFetch } from '../testStore';

/**
 * Opening a workspace asks the server at once whether it has a conversation
 * (GET /api/workspaces/{id}); the markdown renderers are fetched with the
 * page's code where it has, and where the server could not say, but not for
 * a conversation not yet begun (its first screen has no markdown).
 */

const richText = vi.hoisted(() => ({ preloads: 0 }));
vi.mock('../../../src/components/RichTextOnDemand', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  preloadRichText: () => {
    richText.preloads += 1;
    return Promise.resolve();
  },
}));

afterEach(() => vi.unstubAllGlobals());

const summaryOf = (messageCount: number) =>
  json(200, { status: 'success', data: { id: 'ws-1', name: null, messageCount } });

describe('whether a workspace has messages, asked before its socket is open', () => {
  it('asks the route’s world for the workspace and reads its count', async () => {
    const seen = stubFetch(() => summaryOf(4));
    expect(await workspaceHasMessages('acme', 'ws 1')).toBe(true);
    expect(new URL(seen[0]!.url).pathname).toBe('/api/workspaces/ws%201');
    expect(seen[0]!.headers.get('X-World-Id')).toBe('acme');
    stubFetch(() => summaryOf(0));
    expect(await workspaceHasMessages('acme', 'ws-1')).toBe(false);
  });

  it('cannot say when refused, offline or answered with something else', async () => {
    stubFetch(() => json(403, { status: 'error', error: 'This workspace is not open to you' }));
    expect(await workspaceHasMessages('acme', 'ws-1')).toBeUndefined();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await workspaceHasMessages('acme', 'ws-1')).toBeUndefined();
    stubFetch(() => new Response('<html>proxy error</html>', { status: 200 }));
    expect(await workspaceHasMessages('acme', 'ws-1')).toBeUndefined();
    stubFetch(() => json(200, { status: 'success', data: { messageCount: '3' } }));
    expect(await workspaceHasMessages('acme', 'ws-1')).toBeUndefined();
  });
});

describe("the workspace route's loader", () => {
  /** The loader as the app's router calls it for /w/acme/workspace?{query}; a replay's has no context. */
  const load = (query: string, { replay = false } = {}) => {
    const url = new URL(`http://localhost/w/acme/workspace?${query}`);
    return workspaceRouteLoader({
      request: new Request(url),
      url,
      pattern: '/w/:worldId/workspace',
      params: { worldId: 'acme' },
      context: replay ? (undefined as never) : routerContextWith(makeTestStore().store),
    });
  };
  const open = (id: string) => load(`id=${id}`);

  it('fetches the renderers for a conversation, or when the server cannot say; not for an empty one', async () => {
    const counts: Record<string, number> = { empty: 0, talked: 7 };
    const seen = stubFetch((req) => {
      const id = new URL(req.url).pathname.split('/').pop()!;
      return id in counts ? summaryOf(counts[id]!) : json(404, { status: 'error', error: 'x' });
    });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 100));
    // One at a time: imported by several at once, the mocked module may reach some as the original.
    open('empty');
    await vi.waitFor(() => expect(seen.length).toBe(1));
    await import('../../../src/features/workspace/WorkspacePage');
    await settled();
    open('talked');
    await vi.waitFor(() => expect(richText.preloads).toBeGreaterThanOrEqual(1), {
      timeout: 10_000,
    });
    await settled();
    open('unknown');
    await vi.waitFor(() => expect(richText.preloads).toBeGreaterThanOrEqual(2));
    await settled();
    expect(richText.preloads).toBe(2);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/workspaces/empty',
      '/api/workspaces/talked',
      '/api/workspaces/unknown',
    ]);
  }, 20_000);

  it('asks nothing for the management page, nor from a router without the app (a replay)', () => {
    const seen = stubFetch(() => summaryOf(1));
    load('id=ws-1&mode=settings');
    load('id=ws-1', { replay: true });
    expect(seen).toEqual([]);
  });
});
