import type { DriveFile } from '../../../protocol';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import type { RootState } from '../../../src/store/store';
import { json } from '../testStore';

export const WORLD = 'innovation-lab';

/** A signed-in user who administers the world (or not). */
export function adminState(isAdmin = true): Partial<RootState> {
  return {
    auth: {
      ...initialAuthState,
      loggedin: true,
      status: 'ok',
      user: { name: 'Ann', email: 'ann@example.org' },
      activeWorld: WORLD,
      accessibleWorlds: [{ world_id: WORLD, name: 'Innovation Lab', is_admin: isAdmin }],
    },
  };
}

export function file(path: string, extra: Partial<DriveFile> = {}): DriveFile {
  return {
    Path: path,
    Name: path.split('/').pop()!,
    MimeType: 'text/markdown',
    Size: 2048,
    Tags: [],
    UpdatedAt: '2026-11-22T12:00:00Z',
    HasContent: false,
    ...extra,
  };
}

export const ok = (data: unknown) => json(200, { status: 'success', data });

/** A search page as the server answers it (both spellings, SPEC §7). */
export const searchBody = (results: unknown[], total: number) =>
  ok({ results, total, Results: results, TotalCount: total, Query: 'q', Duration: 1 });

/** A promise resolved from outside: lets a test hold a response back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const pathOf = (req: Request) => new URL(req.url).pathname;
export const paramsOf = (req: Request) => new URL(req.url).searchParams;
