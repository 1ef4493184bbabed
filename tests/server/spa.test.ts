import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../../server/http/spa';

/**
 * The built client as the server sends it (issue 19, first load): the
 * brotli or gzip copy the build wrote when the browser accepts it, the file
 * itself when not; the history fallback's index.html likewise.
 */

const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const INDEX =
  '<!doctype html><html><head><title>EMgen</title></head><body><div id="root"></div></body></html>';

let dir: string;
const app = Fastify();

function writeBuilt(file: string, text: string) {
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-spa-'));
  writeBuilt('index.html', INDEX);
  writeBuilt('assets/app-3f9a.js', SCRIPT);
  await registerSpa(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built client, precompressed', () => {
  it('sends a hashed asset as brotli, else gzip, else as it is, cached for a year', async () => {
    const br = await get('/assets/app-3f9a.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/app-3f9a.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-3f9a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html for a deep link compressed the same way, never cached', async () => {
    const br = await get('/w/innovation-lab/dashboard', 'br;q=1, gzip;q=0.5');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);

    const gz = await get('/login', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(INDEX);

    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/login', refused);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(INDEX);
    }
  });

  it('still answers an unknown API path with a JSON 404', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error' });
  });
});
