import { expect, vi } from 'vitest';
import type { TestServer } from './harness';

/**
 * Waits until the world's console holds a line matching `entry`. Console lines
 * are written in the background, so the answer to a request (or a socket's
 * close) can arrive before its line is stored, and lines need not land in the
 * order they were said.
 */
export function consoleGets(
  server: Pick<TestServer, 'store'>,
  worldId: string,
  entry: Record<string, unknown>,
): Promise<void> {
  return vi.waitFor(
    async () =>
      expect(await server.store.console.list(worldId)).toContainEqual(
        expect.objectContaining(entry),
      ),
    { timeout: 5000 },
  );
}
