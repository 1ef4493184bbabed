import type { FastifyInstance } from 'fastify';

/** How long connections left open when the app closes may take to end before they are cut. */
export const CLOSE_GRACE_MS = 3_000;

/**
 * Closing waits for every open connection to end. Idle kept-alive ones are
 * closed at once (Fastify's default), and a request in flight may finish;
 * but a connection Node does not count as idle (seen with a client that
 * kept its socket after a streamed download) would hold the close, and so a
 * stopping process, for ever. After the grace, whatever is left is cut.
 */
export function boundClose(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): void {
  app.addHook('preClose', async () => {
    const server = app.server;
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    cut.unref();
    server.once('close', () => clearTimeout(cut));
  });
}
