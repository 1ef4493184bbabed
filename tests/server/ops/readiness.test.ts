import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';

/**
 * GET /api/ready is what a load balancer checks before it sends an instance
 * work; GET /api/health stays the liveness check, which never asks the store.
 */

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function started(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  servers.push(server);
  return server;
}

async function get(server: TestServer, path: string) {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('readiness', () => {
  it('is 200 on a server whose store answers; liveness answers as before', async () => {
    const server = await started();
    const ready = await get(server, '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');

    const health = await get(server, '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', version: '1.0.0' });
  });

  it('is 503 naming the store once the store cannot answer, while liveness stays 200', async () => {
    const server = await startTestServer();
    try {
      await server.store.close();
      const ready = await get(server, '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'not ready', failed: 'store' });
      expect(ready.body.reason).toEqual(expect.any(String));
      expect((await get(server, '/api/health')).status).toBe(200);
    } finally {
      await server.app.close();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('is 503 once the store takes longer than 2 s to answer, and 200 once it answers again', async () => {
    // One connection (SQLite has only one anyway), held by a transaction the test ends.
    const server = await started({ DATABASE_POOL_MAX: 1 });
    let release!: () => void;
    const held = server.store.transaction(() => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 50));
    const asked = Date.now();
    const ready = await get(server, '/api/ready');
    const took = Date.now() - asked;
    release();
    await held;
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: 'not ready',
      failed: 'store',
      reason: 'The database did not answer within 2 s',
    });
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(8_000);
    expect(await get(server, '/api/ready')).toMatchObject({ status: 200 });
  });

  it('is 503 naming the drain once the server is stopping, while liveness stays 200', async () => {
    const server = await started();
    const drained = server.drain.run();
    // The port no longer takes connections, so the balancer's view is asked in-process.
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not ready',
      failed: 'draining',
      reason: 'The server is stopping',
    });
    // Its connection closes after the answer: a new one finds the port closed.
    expect(ready.headers.connection).toBe('close');
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await drained;
  });
});
