import { createServer, type Server } from 'node:http';
import { lookup } from 'node:dns/promises';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedAddress } from '../../../server/mcp/urlGuard';
import { startTestServer, type TestServer } from '../harness';
import {
  adminClient,
  ask,
  enable,
  inWorld,
  mcpConfigFile,
  startEverythingHttp,
  workspaceSocket,
} from './mcpHelpers';

/**
 * Streamable HTTP MCP servers (issue 22): the real server-everything in its
 * streamableHttp mode; the operator's may be anywhere, a world admin's are
 * refused on loopback, link-local and private addresses (names resolving
 * there, and redirects there too) unless the operator allows them.
 */
describe('MCP servers over Streamable HTTP', () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  let redirector: Server;
  let redirectorPort: number;
  let redirected = 0;

  beforeAll(async () => {
    everything = await startEverythingHttp();
    // A real HTTP server that sends every request on to the MCP server on 127.0.0.1.
    redirector = createServer((_req, res) => {
      redirected++;
      res.writeHead(307, { location: everything.url }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    redirectorPort = (redirector.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => redirector.close(resolve));
    await everything.stop();
  });

  describe('private addresses refused (the default)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        MCP_CONFIG: mcpConfigFile({ remote: { url: everything.url } }),
        // The redirector is allowed by name, so that its redirect is what gets checked.
        MCP_ALLOWED_HOSTS: [`127.0.0.1:${redirectorPort}`],
      });
    });
    afterAll(() => server.close());

    it("the operator's own server on 127.0.0.1 is used: tools called over Streamable HTTP", async () => {
      const admin = await adminClient(server);
      expect((await enable(admin, 'remote')).status).toBe(200);
      const list = await admin.request('GET', '/api/admin/mcp', { headers: inWorld });
      expect(list.body.providers[0]).toMatchObject({
        name: 'remote',
        transport: 'http',
        status: 'ready',
      });
      expect(list.body.providers[0].url).toBeUndefined(); // the operator's URLs stay private
      const sock = await workspaceSocket(server, admin);
      await ask(sock, 'workspace.toolprovider.add', { provider_name: 'remote' });
      const call = await ask(sock, 'tool.call', { name: 'remote_get-sum', args: { a: 1, b: 2 } });
      expect(call.content.status).toBe('success');
      sock.ws.close();
    });

    const refused = async (url: string) => {
      const admin = await adminClient(server);
      const res = await admin.request('POST', '/api/admin/mcp/servers', {
        body: { name: 'mine', url },
        headers: inWorld,
      });
      expect(res.status).toBe(400);
      return res.body.error as string;
    };

    it('a world admin may not add loopback, link-local, private or unspecified addresses', async () => {
      const port = everything.port;
      expect(await refused(`http://127.0.0.1:${port}/mcp`)).toBe(
        `http://127.0.0.1:${port} is refused: 127.0.0.1 is a loopback address`,
      );
      expect(await refused(`http://localhost:${port}/mcp`)).toMatch(/localhost is a loopback/);
      expect(await refused(`http://[::1]:${port}/mcp`)).toMatch(/::1 is a loopback address/);
      expect(await refused(`http://[::ffff:127.0.0.1]:${port}/mcp`)).toMatch(
        /maps to 127\.0\.0\.1, a loopback address/,
      );
      expect(await refused(`http://0.0.0.0:${port}/mcp`)).toMatch(/unspecified/);
      expect(await refused('http://169.254.169.254/latest/meta-data')).toMatch(/linkLocal/);
      expect(await refused('http://10.0.0.7/mcp')).toMatch(/private/);
      expect(await refused('http://[fd00::1]/mcp')).toMatch(/uniqueLocal/);
      expect(await refused('file:///etc/passwd')).toMatch(/http or https only/);
      // Nothing was kept, and the world's console says what was refused.
      const list = await (
        await adminClient(server)
      ).request('GET', '/api/admin/mcp', {
        headers: inWorld,
      });
      expect(list.body.providers.map((p: { name: string }) => p.name)).toEqual(['remote']);
      const console = await server.store.console.list('innovation-lab');
      expect(console.some((m) => m.message.startsWith('Refused MCP server mine'))).toBe(true);
    });

    it('a name that resolves to a private address is refused when it is resolved', async () => {
      const host = os.hostname();
      const addresses = await lookup(host, { all: true }).catch(() => []);
      if (!addresses.some((a) => blockedAddress(a.address))) return; // this machine's name is public
      expect(await refused(`http://${host}:${everything.port}/mcp`)).toMatch(
        new RegExp(`${host} is refused: .* address`),
      );
    });

    it('a URL that redirects to 127.0.0.1 is refused at the redirect', async () => {
      const before = redirected;
      const error = await refused(`http://127.0.0.1:${redirectorPort}/mcp`);
      expect(redirected).toBeGreaterThan(before); // the first hop was allowed and followed
      expect(error).toContain(`http://127.0.0.1:${everything.port} is refused`);
      expect(error).toContain('loopback');
    });

    it('adding a server needs the CSRF header', async () => {
      const admin = await adminClient(server);
      const noCsrf = await admin.request('POST', '/api/admin/mcp/servers', {
        body: { name: 'x', url: 'https://example.org/mcp' },
        headers: inWorld,
        csrf: false,
      });
      expect(noCsrf.status).toBe(403);
    });
  });

  describe('private addresses allowed by the operator (MCP_ALLOW_PRIVATE_URLS=1)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ MCP_ALLOW_PRIVATE_URLS: true });
    });
    afterAll(() => server.close());

    it('a world admin adds a server by URL, uses it, and removes it', async () => {
      const admin = await adminClient(server);
      const added = await admin.request('POST', '/api/admin/mcp/servers', {
        body: { name: 'lab-tools', url: everything.url, headers: { 'X-Team': 'lab' } },
        headers: inWorld,
      });
      expect(added.status).toBe(200);
      expect(added.body.provider).toMatchObject({
        name: 'lab-tools',
        source: 'world',
        url: everything.url,
        enabled: true,
        status: 'ready',
      });
      const again = await admin.request('POST', '/api/admin/mcp/servers', {
        body: { name: 'lab-tools', url: everything.url },
        headers: inWorld,
      });
      expect(again.body.error).toBe('This world already has an MCP server named "lab-tools"');
      const builtin = await admin.request('POST', '/api/admin/mcp/servers', {
        body: { name: 'calculations', url: everything.url },
        headers: inWorld,
      });
      expect(builtin.body.error).toBe('The name "calculations" is taken');

      const sock = await workspaceSocket(server, admin);
      await ask(sock, 'workspace.toolprovider.add', { provider_name: 'lab-tools' });
      const call = await ask(sock, 'tool.call', {
        name: 'lab-tools_echo',
        args: { message: 'over HTTP' },
      });
      expect(call.content.status).toBe('success');
      const shown = sock.frames.find(
        (f) => f.typ === 'display.message' && f.content.message_id === call.content.message_id,
      );
      expect(shown.content.content).toBe('Echo: over HTTP');
      // Only this world has it.
      expect(server.registry.get('mcp-lab-tools', 'acme_research')).toBeUndefined();

      const removed = await admin.request('DELETE', '/api/admin/mcp/servers/lab-tools', {
        headers: inWorld,
      });
      expect(removed.status).toBe(200);
      expect(server.registry.get('mcp-lab-tools', 'innovation-lab')).toBeUndefined();
      const gone = await ask(sock, 'tool.call', { name: 'lab-tools_echo', args: { message: 'x' } });
      expect(gone.content.error).toBe('The tool lab-tools_echo is not available in this workspace');
      sock.ws.close();
    });
  });
});
