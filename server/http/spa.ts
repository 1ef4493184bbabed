import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../auth/requestAuth';

/**
 * Serves the built client from dist/public. Hashed assets are cached for a
 * year; every other GET that is not an API call gets index.html, so the
 * client router sees deep links (history fallback). `npm run build` writes
 * a brotli and a gzip copy beside each text file (vite.config.ts); a
 * browser that accepts one gets it as it is, compressed once at build.
 */

/** Encodings the build writes, in order of preference, with their file suffix. */
const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof ENCODINGS;

/**
 * The CSP sources (sha256 hashes) of the built index.html's inline scripts:
 * the colour-scheme script runs inline, so the first paint waits for no
 * request of its own, and the CSP still allows no other inline script. None
 * before the client is built.
 */
export function inlineScriptSources(clientDir: string): string[] {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) return [];
  const html = fs.readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${crypto.createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

/** index.html in the best encoding the browser accepts that the build wrote. */
function sendIndex(req: FastifyRequest, reply: FastifyReply, index: string) {
  const accepted = negotiate<Encoding | 'identity'>(req.headers['accept-encoding'] ?? '', [
    'br',
    'gzip',
    'identity',
  ]);
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html');
  if (accepted && accepted !== 'identity' && fs.existsSync(index + ENCODINGS[accepted])) {
    return reply
      .header('Content-Encoding', accepted)
      .send(fs.createReadStream(index + ENCODINGS[accepted]));
  }
  return reply.send(fs.createReadStream(index));
}
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const index = path.join(clientDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // file.js.br / file.js.gz beside file.js, chosen by Accept-Encoding.
      preCompressed: true,
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
    return sendIndex(req, reply, index);
  });
}
