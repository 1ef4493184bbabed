import { expect, test, type Page } from '@playwright/test';
import { startDevToolsServer, watchDevToolsServer } from './devToolsServer';
import { signInByApi } from './fixtures';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from './serverProcess';

/**
 * Remote Redux DevTools in the built app (README "Developers: Redux DevTools"):
 * a browser without the extension, told by localStorage where a
 * `@redux-devtools/cli` server is, reports its actions there; the server
 * (REMOTE_DEVTOOLS) lets that socket through its Content-Security-Policy.
 */

let devTools: Awaited<ReturnType<typeof startDevToolsServer>>;
let server: ServerProcess;

test.beforeAll(async () => {
  // npm run devtools: the CLI's server, with its monitor page made to work.
  devTools = await startDevToolsServer('npm run devtools');
  server = await startServerProcess({ REMOTE_DEVTOOLS: `127.0.0.1:${devTools.port}` });
});

test.afterAll(async () => {
  devTools?.stop();
  await server?.stop();
});

const signIn = (page: Page) => signInByApi(page, E2E_ADMIN, server.url);

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';

test('the built app reports its socket actions to a @redux-devtools/cli server', async ({
  page,
}) => {
  const watcher = await watchDevToolsServer(devTools.port);
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  try {
    await signIn(page);
    await page.evaluate(
      (target) => localStorage.setItem('emgen.devtools.remote', target),
      `127.0.0.1:${devTools.port}`,
    );
    await page.goto(`${server.url}${WORKSPACE}`);
    const box = page.getByPlaceholder('Ask the experts...');
    await box.fill('What is 12.5% of 2,480?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(
      page.getByRole('list', { name: 'Meeting transcript' }).getByText('310').first(),
    ).toBeVisible();

    await expect
      .poll(() => watcher.actionTypes(), { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          'cog/connecting',
          'cog/connected',
          'cog/out/client.hello',
          'cog/in/server.hello',
          'cog/out/user.message',
          'cog/in/user.echo',
          'cog/in/server.tool.start',
          'cog/in/assistant.message',
        ]),
      );
    expect(watcher.messages.some((m) => m.type === 'STATE' && m.name === 'EMgen')).toBe(true);
    const echo = watcher.actions().find((a) => a.type === 'cog/in/user.echo');
    expect(echo?.payload).toMatchObject({
      typ: 'user.echo',
      content: { role: 'user', content: 'What is 12.5% of 2,480?' },
    });
    expect(scripts.some((p) => /\/assets\/remoteDevTools-[^/]+\.js$/.test(p))).toBe(true);
    expect(cspViolations).toEqual([]);
  } finally {
    watcher.stop();
  }
});

test('without the setting the app neither loads the remote DevTools code nor connects', async ({
  page,
}) => {
  const scripts: string[] = [];
  const sockets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await signIn(page);
  await page.goto(`${server.url}${WORKSPACE}`);
  await expect(page.getByPlaceholder('Ask the experts...')).toBeVisible();
  expect(scripts.some((p) => p.includes('remoteDevTools-'))).toBe(false);
  expect(sockets.some((u) => u.includes(`:${devTools.port}`))).toBe(false);
});

test("the DevTools monitor page of npm run devtools shows the app's actions as they happen", async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  const monitor = await context.newPage();
  monitor.on('pageerror', (e) => errors.push(String(e)));

  await signIn(page);
  await page.evaluate(
    (target) => localStorage.setItem('emgen.devtools.remote', target),
    `127.0.0.1:${devTools.port}`,
  );
  await page.goto(`${server.url}${WORKSPACE}`);
  await expect(page.getByPlaceholder('Ask the experts...')).toBeVisible();

  // The monitor starts disconnected: Settings → Connection → custom → host and port → Connect.
  await monitor.goto(`http://127.0.0.1:${devTools.port}/`);
  await monitor.getByText('Settings', { exact: true }).click();
  await monitor.getByText('custom', { exact: true }).click();
  const fields = monitor.locator('input:not([type=radio]):not([type=checkbox])');
  await fields.nth(0).fill('127.0.0.1');
  await fields.nth(1).fill(String(devTools.port));
  await monitor.getByRole('button', { name: 'Connect', exact: true }).click();
  await monitor.getByText('Actions', { exact: true }).click();

  // Connecting asks every app for its history, then actions arrive as they happen.
  await expect(monitor.getByText('cog/in/server.hello', { exact: true })).toBeVisible();
  await page.getByPlaceholder('Ask the experts...').fill('What is 12.5% of 2,480?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(monitor.getByText('cog/out/user.message', { exact: true })).toBeVisible();
  await expect(monitor.getByText('cog/in/assistant.message').first()).toBeVisible();
  expect(errors).toEqual([]);
});
