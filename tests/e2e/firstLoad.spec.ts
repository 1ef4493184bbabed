import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInThroughPortal } from './fixtures';
import { ask, messageOf } from './meetingPage';

/** A built script's name without its hash ('index' for /assets/index-AbCd1234.js), else undefined. */
const scriptName = (url: string) =>
  /\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1];

/**
 * A signed-in first load (issue 19): what the page needs sets off together
 * instead of one after another. Order is what this checks, not time.
 */
test('reloading the dashboard checks the session and asks for its widgets once, before the socket opens', async ({
  page,
}) => {
  await signInThroughPortal(page, newAccount(['innovation-lab']));
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await expect(page.getByText('Start a new conversation', { exact: false })).toBeVisible();

  const events: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || /\/assets\/signed-in-/.test(url.pathname))
      events.push(`${r.method()} ${url.pathname.replace(/-[\w-]{8}\.js$/, '.js')}`);
  });
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname === '/api/ws/cog') events.push('socket');
  });

  await page.reload();
  await expect(page.getByText('Start a new conversation', { exact: false })).toBeVisible();
  await expect.poll(() => events.includes('socket')).toBe(true);

  // The session check leaves with the signed-in code's download, not after it has run.
  expect(events.slice(0, 2).sort()).toEqual(['GET /assets/signed-in.js', 'POST /api/user']);
  // The widgets are asked for once, before the socket: the page shows that answer.
  expect(events.filter((e) => e === 'GET /api/dashboard')).toEqual(['GET /api/dashboard']);
  expect(events.indexOf('GET /api/dashboard')).toBeLessThan(events.indexOf('socket'));
});

/**
 * The entry and the signed-in code reach the browser with V8's compile hint on their first line
 * (compiled as they stream in, not function by function as each is first called), in the
 * build's brotli copy; the other scripts are left to lazy compiling.
 */
test('the entry and the signed-in code come with the compile hint, the other scripts without', async ({
  page,
}) => {
  await signInThroughPortal(page, newAccount(['innovation-lab']));
  await expect(page.getByText('Start a new conversation', { exact: false })).toBeVisible();
  const scripts = new Map<string, { encoding?: string; firstLine: string }>();
  page.on('response', async (r) => {
    const name = scriptName(r.url());
    if (!name) return;
    const firstLine = (await r.text()).split('\n', 1)[0]!;
    scripts.set(name, { encoding: (await r.allHeaders())['content-encoding'], firstLine });
  });
  await page.reload();
  await expect(page.getByText('Start a new conversation', { exact: false })).toBeVisible();
  await expect.poll(() => ['index', 'signed-in', 'mui'].every((n) => scripts.has(n))).toBe(true);
  const hint = '//# allFunctionsCalledOnLoad';
  expect(scripts.get('index')).toEqual({ encoding: 'br', firstLine: hint });
  expect(scripts.get('signed-in')).toEqual({ encoding: 'br', firstLine: hint });
  expect(scripts.get('mui')?.firstLine).not.toBe(hint);
});

/**
 * A landing page comes in a handful of files, fewer than the six connections a browser opens
 * to one server: the dashboard in five, a workspace in four before its markdown renderers
 * (fetched once the page's code is in). The small files other pages share with them are in
 * the page's own file or the signed-in code.
 */
test('the dashboard and a workspace, opened first, each fetch a handful of scripts', async ({
  page,
}) => {
  await signInThroughPortal(page, newAccount(['innovation-lab']));
  await expect(page.getByText('Start a new conversation', { exact: false })).toBeVisible();
  const scripts: string[] = [];
  page.on('request', (r) => {
    const name = scriptName(r.url());
    if (name) scripts.push(name);
  });
  // A fresh cache: reloaded with the cache bypassed is as a first visit.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  await page.reload();
  await expect(page.getByText('Start a new conversation', { exact: false })).toBeVisible();
  await expect.poll(() => scripts.includes('serverFrames')).toBe(true);
  expect(scripts.sort()).toEqual(['DashboardPage', 'index', 'mui', 'serverFrames', 'signed-in']);

  scripts.length = 0;
  await page.goto(page.url().replace(/dashboard$/, 'workspace?id=innovation-lab-welcome'));
  // Other tests may have talked in this workspace: its message box shows either way.
  await expect(page.getByPlaceholder('Ask the experts...')).toBeVisible();
  await expect.poll(() => scripts.includes('richText')).toBe(true);
  const beforeRenderers = scripts.slice(0, scripts.indexOf('richText'));
  expect(beforeRenderers).toContain('WorkspacePage');
  expect(beforeRenderers.filter((s) => s !== 'serverFrames').sort()).toEqual([
    'WorkspacePage',
    'index',
    'mui',
    'signed-in',
  ]);
});

/**
 * When, on the page's own clock, the first screen's text was put in the page (the empty
 * conversation's line, or the transcript's first row), when the markdown renderers' file and
 * the workspace's summary were asked for, and how often its files list was.
 */
async function firstScreenTimes(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Record<string, number>).firstScreenAt))
    .toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/assets\/richText-/.test(e.name)),
      ),
    )
    .toBe(true);
  return page.evaluate(() => {
    const started = (pattern: RegExp) =>
      performance.getEntriesByType('resource').find((e) => pattern.test(e.name))?.startTime;
    return {
      firstScreen: (window as unknown as Record<string, number>).firstScreenAt!,
      renderers: started(/\/assets\/richText-/)!,
      summary: started(/\/api\/workspaces\/[^/]+$/),
      /** Requests for the workspace's files list: the route's and the page's are one. */
      filesAsked: performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/workspaces\/[^/]+\/files$/.test(e.name)).length,
    };
  });
}

/** Notes the moment the first screen's text is put in the page (before any reload). */
function watchFirstScreen(page: Page) {
  return page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const room = document.querySelector('[data-testid="transcript-scroller"]');
      if (!room) return;
      const empty = room.textContent?.includes('Start a conversation by typing a message');
      if (!empty && !room.querySelector('[role="listitem"]')) return;
      (window as unknown as Record<string, number>).firstScreenAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * The markdown renderers (issue 19) are fetched with the page's code where the conversation
 * has messages (its rows are markdown at first sight), but a conversation not yet begun shows
 * without them: the workspace's summary, asked as the route matches, says so, and they follow
 * the first screen.
 */
test('an empty conversation shows before the markdown renderers come; one with messages has them first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInThroughPortal(page, newAccount(['innovation-lab']));
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await page.getByRole('button', { name: /Ada Quant/ }).click();
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/workspace\?id=[^&]+$/);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await watchFirstScreen(page);

  await page.reload();
  await expect(page.getByText('Start a conversation by typing a message')).toBeVisible();
  const empty = await firstScreenTimes(page);
  expect(empty.summary).toBeLessThan(empty.firstScreen);
  expect(empty.renderers).toBeGreaterThan(empty.firstScreen);
  expect(empty.filesAsked).toBe(1);

  await ask(page, 'What is 15% of 200?');
  await expect(
    messageOf(page, 'Ada Quant').locator('strong').filter({ hasText: /^30$/ }),
  ).toBeVisible();
  await page.reload();
  await expect(
    messageOf(page, 'Ada Quant').locator('strong').filter({ hasText: /^30$/ }),
  ).toBeVisible();
  const talked = await firstScreenTimes(page);
  expect(talked.renderers).toBeLessThan(talked.firstScreen);
  expect(talked.filesAsked).toBe(1);
});
