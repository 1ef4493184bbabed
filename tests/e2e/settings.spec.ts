import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { newAccount, signInThroughPortal } from './fixtures';

const connected = 'Live connection: connected';

// Each test signs in more than once, in more than one browser context.
test.describe.configure({ timeout: 90_000 });
const SCREENS = '.tmp/screens';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

/** /settings through the world menu, as a person finds it. */
async function openSettingsFromMenu(page: Page) {
  await page.getByRole('button', { name: 'World switcher' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/** The code of the next 30 s step: the current one may be spent (enrolment spends its code). */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('changing the password signs every other session out, its socket too, and the new one signs in', async ({
  page,
  browser,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page.getByTestId('connection-status')).toHaveText(connected);

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInThroughPortal(other, who);
  await expect(other.getByTestId('connection-status')).toHaveText(connected);

  await openSettingsFromMenu(page);
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill(who.password);
  await password.getByLabel('New password', { exact: true }).fill('changed-password-22');
  await password.getByLabel('Repeat the new password').fill('changed-password-22');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(
    password.getByText('Password changed. 1 other session was signed out.'),
  ).toBeVisible();

  // The other browser's socket is closed by the server (4401): it is sent to sign in again.
  await expect(other).toHaveURL(/\/auth\/login/);
  await elsewhere.close();
  // This one stays signed in.
  await page.goto('/w/innovation-lab/dashboard');
  await expect(page.getByTestId('connection-status')).toHaveText(connected);

  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await signInThroughPortal(again, who);
  await expect(again.getByText('Invalid email, password or PIN')).toBeVisible();
  await signInThroughPortal(again, { ...who, password: 'changed-password-22' });
  await expect(again).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await fresh.close();
});

test('a PIN is enrolled with a code computed from the secret shown, and then signs in', async ({
  page,
  browser,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/dashboard$/);
  await page.goto('/settings');
  const pin = page.getByRole('region', { name: 'PIN (authenticator code)' });
  await pin.getByRole('button', { name: 'Set up a PIN' }).click();
  await expect(pin.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await pin.getByTestId('pin-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await pin.getByLabel('Code from the app').fill('000000');
  await pin.getByRole('button', { name: 'Switch on PIN' }).click();
  await expect(pin.getByText('That code is not right.', { exact: false })).toBeVisible();
  await pin.getByLabel('Code from the app').fill(await generate({ secret }));
  await pin.getByRole('button', { name: 'Switch on PIN' }).click();
  await expect(pin.getByText('On: signing in asks for the code')).toBeVisible();

  const fresh = await browser.newContext();
  const signIn = await fresh.newPage();
  await signInThroughPortal(signIn, who);
  await expect(signIn.getByText('Invalid email, password or PIN')).toBeVisible();
  await signInThroughPortal(signIn, who, await nextCode(secret));
  await expect(signIn).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await fresh.close();
});

test('the dark theme chosen in settings is on <html> before the app loads, after a reload and on another device', async ({
  page,
  browser,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/dashboard$/);
  await page.goto('/settings');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mui-color-scheme', 'light');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveAttribute('data-mui-color-scheme', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // No app code at all: what the pre-paint script alone puts on the page.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/settings');
  await expect(html).toHaveAttribute('data-mui-color-scheme', 'dark');
  expect(await html.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');
  expect(await html.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 17, 23)');
  await expect(page.locator('#root')).toBeEmpty();
  await page.unroute(/\/assets\/.*\.js$/);

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(html).toHaveAttribute('data-mui-color-scheme', 'dark');
  const body = await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(body).toBe('rgb(15, 17, 23)');

  // Another browser (empty storage) gets the account's theme once signed in, and keeps it.
  const device = await browser.newContext();
  const there = await device.newPage();
  await signInThroughPortal(there, who);
  await expect(there).toHaveURL(/dashboard$/);
  await expect(there.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
  expect(await there.evaluate(() => localStorage.getItem('mui-mode'))).toBe('dark');
  await device.close();
});

test('settings change the name and avatar colour shown in the world menu, and keep DevTools preferences', async ({
  page,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/dashboard$/);
  await openSettingsFromMenu(page);
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Display name').fill('Grace Hopper');
  await profile.getByRole('radio', { name: 'Teal' }).check();
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  const devtools = page.getByRole('region', { name: 'Developer tools' });
  await devtools.getByLabel('Actions kept in history').fill('750');
  await devtools.getByLabel('Hide heartbeat actions').check();
  await devtools.getByRole('button', { name: 'Save developer tools' }).click();
  await expect(devtools.getByText('Saved. They apply when the page is reloaded.')).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('emgen.devtools.maxAge'),
      localStorage.getItem('emgen.devtools.hideHeartbeats'),
    ]),
  ).toEqual(['750', '1']);

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Profile' }).getByLabel('Display name'),
  ).toHaveValue('Grace Hopper');
  await expect(devtools.getByLabel('Actions kept in history')).toHaveValue('750');
  await page.getByRole('button', { name: 'World switcher' }).click();
  await expect(page.getByRole('menu').getByText('Grace Hopper')).toBeVisible();
  await page.keyboard.press('Escape');
  const avatar = page.getByRole('button', { name: 'World switcher' }).locator('.MuiAvatar-root');
  await expect(avatar).toHaveText('GH');
  expect(await avatar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(15, 118, 110)',
  );
});

test('screenshots of /settings in both themes at 1280×800 and 390×844', async ({ page }) => {
  const who = newAccount(['innovation-lab']);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      if (scheme === 'light' && w === 1280) {
        await signInThroughPortal(page, who);
        await expect(page).toHaveURL(/dashboard$/);
      }
      await page.goto('/settings');
      await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', scheme);
      await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
      // A phone shows the page without scrolling sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        w,
      );
      await shot(page, `settings-${scheme}-${w}x${h}`);
    }
  }
});
