import { expect, test } from '@playwright/test';
import { newAccount, signInThroughPortal } from './fixtures';

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
