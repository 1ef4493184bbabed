import { expect } from 'vitest';
import { CogApp, CogAppRefusedError, type CogDefinition } from '../../client/cogApp';
import { runUsersCommand } from '../../server/cli/users';
import { request } from './screenHelpers';
import type { TestServer, TestSocket } from './harness';

/** A fresh app token for the app in the world, as `npm run users -- app-token` prints it. */
export async function appToken(server: TestServer, appName: string, worldId: string) {
  const lines: string[] = [];
  await runUsersCommand(['app-token', appName, worldId], server.store, {
    out: (l) => lines.push(l),
  });
  return lines[1]!;
}

/** A remote app (client/cogApp.ts) with these cogs, not yet connected, that never reconnects. */
export async function remoteApp(
  server: TestServer,
  appName: string,
  worldId: string,
  cogs: CogDefinition[],
): Promise<CogApp> {
  const app = new CogApp({
    url: server.url,
    worldId,
    appName,
    token: await appToken(server, appName, worldId),
    reconnect: false,
  });
  for (const cog of cogs) app.cog(cog);
  return app;
}

/** Connects an app the server must refuse for good; resolves with the close code and error. */
export async function refusal(
  server: TestServer,
  appName: string,
  worldId: string,
  cogs: CogDefinition[],
): Promise<{ code: number; error: string }> {
  const app = await remoteApp(server, appName, worldId, cogs);
  const err: unknown = await app.connect().then(
    () => new Error('the app was accepted'),
    (e: unknown) => e,
  );
  await app.close();
  expect(err).toBeInstanceOf(CogAppRefusedError);
  const refused = err as CogAppRefusedError;
  return { code: refused.code, error: refused.message };
}

/** A cog with one annotation whose handler answers `result`. */
export const cogOf = (
  module: string,
  name: string,
  annotations: Record<string, Record<string, unknown>>,
  handler: CogDefinition['handler'] = () => ({}),
): CogDefinition => ({ module, name, annotations, handler });

/** A request/reply over the socket: the reply's content. */
export async function ask(sock: TestSocket, typ: string, content: object) {
  return (await request(sock, typ, content)).content;
}

/** Resolves once `ready()` holds, checking every 20 ms; fails after `ms`. */
export async function until(ready: () => boolean, ms = 4000): Promise<void> {
  const start = Date.now();
  while (!ready()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
