import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../auth/requestAuth';

/**
 * Serves the built client from dist/public. Hashed assets are cached for a
 * year; every other GET that is not an API call gets index.html, so the
 * client router sees deep links (history fallback).
 */
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const index = path.join(clientDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The login URL itself (what '+ Add another world' opens) leads to its sign-in page.
  app.get('/portal', (_req, reply) => reply.redirect('/portal/login'));

  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/');
    if (!wantsPage)
      return sendError(reply, 404, `No such endpoint: ${req.method} ${req.url.split('?')[0]}`);
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send(
          'The web client is not built yet. Run "npm run build" (npm start does this for you).',
        );
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(fs.createReadStream(index));
  });
}
