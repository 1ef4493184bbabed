import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { newAccount, signInThroughPortal } from './fixtures';

const connected = 'Live connection: connected';

/**
 * The page's socket does not hear the server close it (as over a network that
 * dropped): the server closes a signed-out session's socket at once (4401),
 * and the re-checks below are the line behind it that catches what a socket missed.
 */
async function socketMissesItsClose(page: Page) {
  await page.routeWebSocket(/\/api\/ws\/cog/, (ws) => {
    const server = ws.connectToServer();
    server.onClose(() => undefined);
  });
}

test('a TOTP account needs its PIN', async ({ page }) => {
  const who = newAccount(['innovation-lab'], { pin: true });
  await signInThroughPortal(page, who);
  await expect(page.getByText('HTTP error! status: 401')).toBeVisible();
  await expect(page.getByText('Invalid email, password or PIN')).toBeVisible();

  await page.getByLabel('PIN').fill(await generate({ secret: who.secret! }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await expect(page.getByTestId('connection-status')).toHaveText(connected);
});

test('sign-out from the world switcher ends on "You have been logged out"', async ({ page }) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page.getByTestId('connection-status')).toHaveText(connected);
  await page.getByRole('button', { name: 'World switcher' }).click();
  await expect(page.getByRole('menu').getByText('Signed in as')).toBeVisible();
  await expect(page.getByRole('menu').getByText(who.name)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth\/loggedout$/);
  await expect(page.getByText('You have been logged out')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Portal' })).toBeVisible();
  // The session is gone server-side: the world is closed again.
  await page.goto('/w/innovation-lab/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?next=/);
});

test('switching world through the menu changes the page, the title and the remembered world', async ({
  page,
}) => {
  const who = newAccount(['innovation-lab', 'acme_research']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/\/w\/(innovation-lab|acme_research)\/dashboard$/);
  await page.goto('/w/innovation-lab/dashboard');
  await expect(page.getByTestId('connection-status')).toHaveText(connected);
  await expect(page).toHaveTitle('Innovation Lab');

  await page.getByRole('button', { name: 'World switcher' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Signed in as')).toBeVisible();
  await expect(
    menu.getByRole('menuitem', { name: 'Innovation Lab' }).getByLabel('active world'),
  ).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '+ Add another world' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(menu.getByRole('menuitem', { name: '+ Add another world' })).toHaveAttribute(
    'href',
    '/portal',
  );
  await menu.getByRole('menuitem', { name: 'Acme Research' }).click();

  await expect(page).toHaveURL(/\/w\/acme_research\/dashboard$/);
  await expect(page).toHaveTitle('Acme Research');
  await expect(page.getByTestId('connection-status')).toHaveText(connected);

  // Remembered server-side: /login sends this account to its active world, now Acme Research.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/w\/acme_research\/dashboard$/);
});

test('a world the account may not enter says so', async ({ page }) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await page.goto('/w/acme_research/dashboard');
  await expect(page.getByText('This world is not open to you')).toBeVisible();
  await expect(page.getByText('You do not have access to world "acme_research"')).toBeVisible();
  await page.getByRole('link', { name: 'Go to my world' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await expect(page.getByTestId('connection-status')).toHaveText(connected);
});

test('the session is re-checked every 5 minutes; a failed check goes to /login', async ({
  page,
}) => {
  await page.clock.install();
  await socketMissesItsClose(page);
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page.getByTestId('connection-status')).toHaveText(connected);

  const checks: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/user') && checks.push(r.method()));
  await page.clock.runFor('04:50');
  expect(checks).toEqual([]);
  await page.clock.runFor('00:15');
  await expect.poll(() => checks.length).toBe(1);
  await expect(page.getByTestId('connection-status')).toHaveText(connected);

  // The session ends behind the page's back; the next periodic check notices.
  await page.evaluate(async () => {
    const csrf = decodeURIComponent(document.cookie.match(/(?:^|; )emgen_csrf=([^;]+)/)![1]!);
    await fetch('/api/signout', { method: 'POST', headers: { 'x-csrf-token': csrf } });
  });
  await page.clock.runFor('05:05');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with Portal' })).toBeVisible();
});

test('the session is re-checked when the page becomes visible', async ({ page }) => {
  await socketMissesItsClose(page);
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page.getByTestId('connection-status')).toHaveText(connected);
  const becomeVisible = () =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });

  const check = page.waitForRequest((r) => r.url().endsWith('/api/user'));
  await becomeVisible();
  expect((await check).method()).toBe('POST');

  await page.evaluate(async () => {
    const csrf = decodeURIComponent(document.cookie.match(/(?:^|; )emgen_csrf=([^;]+)/)![1]!);
    await fetch('/api/signout', { method: 'POST', headers: { 'x-csrf-token': csrf } });
  });
  await becomeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
