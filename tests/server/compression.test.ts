import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../../server/http/compression';
import { registerSpa } from '../../server/http/spa';
import { upload } from './driveHelpers';
import { Client, startTestServer, type TestServer } from './harness';

/**
 * Issue 19, first load: JSON API answers come compressed when the browser
 * accepts it (brotli first, else gzip) and plain when not; drive downloads,
 * the sockets and the built client (compressed at build) are left as they are.
 */

let server: TestServer;
let admin: Client;
const DRIVE = 'Docs';
const NOTES = Array.from({ length: 400 }, (_, i) => `Line ${i}: the pump valve opens.`).join('\n');

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', DRIVE);
  expect(
    (await upload(admin, server.url, DRIVE, [{ name: 'notes.txt', data: NOTES }])).status,
  ).toBe(200);
});
afterAll(() => server.close());

/** A GET that shows the bytes as they came over the wire (fetch would decode them). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const signedIn = (extra: Record<string, string> = {}) => ({
  cookie: admin.cookieHeader,
  'x-world-id': 'innovation-lab',
  ...extra,
});

describe('JSON API answers', () => {
  const fileUrl = () => `${server.url}/api/drives/${DRIVE}/files/notes.txt`;

  it('come as brotli, else gzip, when accepted, and plain without Accept-Encoding', async () => {
    const plain = await rawGet(fileUrl(), signedIn());
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = JSON.parse(plain.body.toString());
    expect(Buffer.from(body.data.Content, 'base64').toString()).toBe(NOTES);

    const br = await rawGet(fileUrl(), signedIn({ 'accept-encoding': 'gzip, deflate, br' }));
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(body);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const gz = await rawGet(fileUrl(), signedIn({ 'accept-encoding': 'gzip' }));
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(body);

    const refused = await rawGet(fileUrl(), signedIn({ 'accept-encoding': 'identity' }));
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString())).toEqual(body);
  });

  it('stay plain when too small to gain anything', async () => {
    const res = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'ok' });
  });
});

describe('left as they are', () => {
  it('a drive download: the stored bytes with their Content-Length, whatever is accepted', async () => {
    const res = await rawGet(
      `${server.url}/api/drives/${DRIVE}/files/notes.txt?download=true`,
      signedIn({ 'accept-encoding': 'br, gzip' }),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(NOTES)));
    expect(res.body.toString()).toBe(NOTES);
  });

  it('the socket, opened by a browser that accepts compression', async () => {
    const ws = new WebSocket(
      `${server.wsUrl}/api/ws/cog?browser=test-browser&worldId=innovation-lab&version=1.0.0`,
      { headers: { cookie: admin.cookieHeader, 'accept-encoding': 'gzip, deflate, br' } },
    );
    const hello = await new Promise<any>((resolve, reject) => {
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.typ === 'server.hello') resolve(frame);
      });
      ws.on('error', reject);
    });
    expect(hello.content).toMatchObject({ worldId: 'innovation-lab' });
    ws.close();
  });
});

describe('the built client beside the compressed API', () => {
  const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
  const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`;
  let dir: string;
  const app = Fastify();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-compress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>EMgen</title>');
    const script = path.join(dir, 'assets/app-3f9a.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
    // No compressed copy beside it: the server must not make one per request.
    fs.writeFileSync(path.join(dir, 'icon.svg'), ICON);
    await registerCompression(app);
    await registerSpa(app, dir);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const base = () => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  it('sends the build’s own brotli copy once, never compressed again', async () => {
    const res = await rawGet(`${base()}/assets/app-3f9a.js`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends a file the build did not compress as it is, ranges included', async () => {
    const whole = await rawGet(`${base()}/icon.svg`, { 'accept-encoding': 'br, gzip' });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.toString()).toBe(ICON);

    const part = await rawGet(`${base()}/icon.svg`, {
      'accept-encoding': 'br, gzip',
      range: 'bytes=0-9',
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-9/${ICON.length}`);
    expect(part.body.toString()).toBe(ICON.slice(0, 10));
  });
});
