import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Issue 19, first load: API answers (JSON) go out as brotli or gzip,
 * whichever the browser prefers of those it accepts, once they are worth it.
 *
 * Left alone:
 * - the sockets (their frames are not HTTP bodies);
 * - everything outside /api/: the built client is compressed once at build
 *   time and sent as it is (spa.ts), never squeezed again per request;
 * - drive downloads (`sendAsStored`): the stored bytes with their own
 *   Content-Length and ETag, as the file is.
 * Partial content (206, Content-Range) is never compressed by the plugin.
 */

/** Below this a compressed body saves less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Registered before any route: the plugin decides per route when the route is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook (hooks run in the order they were added).
  app.addHook('onRoute', (route) => {
    if (route.websocket || !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // JSON by name; other types only when mime-db calls them compressible (text/*, not octet-stream).
    customTypes: /(?:\+|\/)json(?:;|$)/,
    // Request bodies are taken as sent: no inflating uploads past their size limits.
    globalDecompression: false,
  });
}

/**
 * This reply's body goes out byte for byte as stored (a drive download).
 * x-no-compression on the request is the plugin's per-request way out.
 */
export function sendAsStored(reply: FastifyReply): FastifyReply {
  reply.request.headers['x-no-compression'] = 'stored bytes';
  return reply;
}
