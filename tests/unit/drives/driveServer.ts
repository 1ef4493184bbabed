import type { DriveFile } from '../../../protocol';
import { json, stubFetch } from '../testStore';

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export function driveFile(path: string, mime: string, content?: string): DriveFile {
  return {
    Path: path,
    Name: path.split('/').pop()!,
    MimeType: mime,
    Size: content?.length ?? 1000,
    Tags: [],
    UpdatedAt: '2025-01-02T03:04:05Z',
    ...(content !== undefined
      ? { Content: b64(content), HasContent: true }
      : { HasContent: false }),
  };
}

export const DRIVES = [
  { Name: 'research', TotalSize: 1536, FileCount: 2, Tags: [] },
  { Name: 'archive', TotalSize: 0, FileCount: 0, Tags: [] },
];

export const FILES: Record<string, DriveFile[]> = {
  research: [
    driveFile('notes/plan.md', 'text/markdown', '# The plan\n\nShip **it**.'),
    driveFile('src/main.ts', 'text/plain', 'const answer = 42;'),
  ],
  archive: [],
};

type Handler = (req: Request, url: URL) => Response | Promise<Response> | undefined;

/**
 * A small drive server at the network edge: GET /api/drives, the file list,
 * one file, text search and add-file, each replaceable by `overrides`.
 */
export function driveServer(
  overrides: Partial<Record<'drives' | 'files' | 'file' | 'search' | 'addFile', Handler>> = {},
) {
  const seen = stubFetch(async (req) => {
    const url = new URL(req.url);
    const p = url.pathname;
    const pick = (name: keyof typeof overrides, fallback: () => Response | Promise<Response>) =>
      overrides[name]?.(req, url) ?? fallback();
    if (p === '/api/drives')
      return pick('drives', () => json(200, { status: 'success', data: DRIVES }));
    const list = p.match(/^\/api\/drives\/([^/]+)\/files$/);
    if (list && req.method === 'GET') {
      return pick('files', () => {
        const files = FILES[decodeURIComponent(list[1]!)] ?? [];
        return json(200, {
          status: 'success',
          data: {
            data: { Files: files, TotalCount: files.length, PageCount: files.length ? 1 : 0 },
          },
        });
      });
    }
    const one = p.match(/^\/api\/drives\/([^/]+)\/files\/(.+)$/);
    if (one) {
      return pick('file', () => {
        const path = one[2]!.split('/').map(decodeURIComponent).join('/');
        const file = FILES[decodeURIComponent(one[1]!)]?.find((f) => f.Path === path);
        return file
          ? json(200, { status: 'success', data: file })
          : json(404, { status: 'error', error: 'File not found' });
      });
    }
    if (/^\/api\/drives\/[^/]+\/search\/text$/.test(p)) {
      return pick('search', () =>
        json(200, {
          status: 'success',
          data: { results: [{ File: FILES.research![0], Snippet: 'Ship «it»' }], total: 1 },
        }),
      );
    }
    if (p === '/api/workspace/add-file')
      return pick('addFile', () => json(200, { status: 'success' }));
    return json(404, { status: 'error', error: `no route ${p}` });
  });
  return {
    seen,
    requests: (pathname: string | RegExp) =>
      seen.filter((r) => {
        const path = new URL(r.url).pathname;
        return typeof pathname === 'string' ? path === pathname : pathname.test(path);
      }),
  };
}
