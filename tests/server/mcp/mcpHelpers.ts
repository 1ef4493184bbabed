import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../../../server/auth/password';
import { Client, openSocket, type TestServer, type TestSocket } from '../harness';

/** The real MCP servers from npm (devDependencies), started from node_modules, never downloaded. */
export const EVERYTHING = path.resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
export const FILESYSTEM = path.resolve(
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);

/** An MCP_CONFIG file with these servers, in a temp dir of its own. */
export function mcpConfigFile(servers: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-mcp-'));
  const file = path.join(dir, 'mcp.json');
  fs.writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

export const stdioEverything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** server-everything in Streamable HTTP mode on its own port: http://127.0.0.1:PORT/mcp. */
export async function startEverythingHttp(): Promise<{
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`everything did not listen: ${said}`)), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`everything exited ${code}: ${said}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Whether a process with this id is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function until<T>(
  what: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const WORLD = 'innovation-lab';
export const WORKSPACE = 'innovation-lab-welcome';

/** The admin's HTTP client, signed in, for the admin MCP routes. */
export async function adminClient(server: TestServer): Promise<Client> {
  const client = new Client(server.url);
  await client.signIn();
  return client;
}

/** A member (not an admin) of the world, signed in. */
export async function memberClient(server: TestServer, email: string): Promise<Client> {
  const user = await server.store.users.create({
    email,
    name: email.split('@')[0]!,
    passwordHash: await hashPassword('member-password'),
  });
  await server.store.users.grant(user.id, WORLD, false);
  const client = new Client(server.url);
  await client.signIn(email, 'member-password');
  return client;
}

export const inWorld = { 'x-world-id': WORLD };

/** Turns a server on or off for the world, as its admin. */
export async function enable(client: Client, name: string, enabled = true) {
  return client.request('PUT', `/api/admin/mcp/${name}/enabled`, {
    body: { enabled },
    headers: inWorld,
  });
}

/** A socket on the world's Welcome meeting. */
export async function workspaceSocket(server: TestServer, client: Client): Promise<TestSocket> {
  const sock = openSocket(server, client, WORLD);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WORKSPACE } });
  return sock;
}

let requests = 0;
/** Sends a request frame and waits for its response type. */
export async function ask(sock: TestSocket, typ: string, content: object, ms = 20_000) {
  const requestid = `r${++requests}`;
  sock.send({ typ, content, requestid });
  return until(
    () =>
      sock.frames.find(
        (f) =>
          f.typ === `${typ}.response` &&
          (f.requestid === requestid ||
            f.request_id === requestid ||
            f.content?.request_id === requestid),
      ),
    ms,
  );
}
