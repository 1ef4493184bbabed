import fs from 'node:fs';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, signInByApi, signInThroughPortal } from './fixtures';
import { E2E_ADMIN } from './serverProcess';

/**
 * Administration of people and the audit log in the browser (issue 21): an
 * administrator in one browser, the person in another (their own context,
 * so their own cookies), both against the real server.
 */

// Two browsers at once on a busy machine: more time than a one-page test needs.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';
const SCREENS = '.tmp/screens';

async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  const before = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/${name}-phone.png`, fullPage: true });
  // Nothing on the page is wider than a phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (before) await page.setViewportSize(before);
}

/** The workspace is up: its experts came over the socket. */
const experts = (page: Page) =>
  page.getByRole('list', { name: 'Experts' }).getByRole('button').first();

/** The person signed in, in a browser of their own. */
async function personBrowser(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/\/w\/[\w-]+\/dashboard$/);
  return { context, page };
}

/** The administrator's /admin/users, with one person's dialog open. */
async function openPerson(page: Page, email: string) {
  await page.goto('/admin/users');
  await page.getByLabel('Search by name or email').fill(email);
  await page.getByRole('button', { name: `Manage ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: email });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('disabling an account closes its open workspace at once and sends it to the sign-in page', async ({
  page,
  browser,
}) => {
  const who = newAccount(['innovation-lab']);
  const them = await personBrowser(browser, who);
  await them.page.goto(WORKSPACE);
  await expect(them.page.getByPlaceholder('Ask the experts...')).toBeVisible();
  await expect(experts(them.page)).toBeVisible();

  await signInByApi(page);
  const dialog = await openPerson(page, who.email);
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText(`${who.email} is disabled; their sessions ended`)).toBeVisible();
  await expect(dialog.getByText('Disabled', { exact: true })).toBeVisible();

  // Nobody touched their tab: the server closed its socket (4401) and the app went to sign-in.
  await expect(them.page).toHaveURL(`/auth/login?next=${encodeURIComponent(WORKSPACE)}`);
  await expect(them.page.getByRole('button', { name: 'Sign in with Portal' })).toBeVisible();
  await signInThroughPortal(them.page, who);
  await expect(
    them.page.getByText('This account has been disabled. Ask an administrator.'),
  ).toBeVisible();
  await them.context.close();
});

test('a world granted in /admin/users appears in the person’s world switcher without a reload', async ({
  page,
  browser,
}) => {
  const who = newAccount(['innovation-lab']);
  const them = await personBrowser(browser, who);
  await them.page.goto(WORKSPACE);
  await expect(experts(them.page)).toBeVisible();
  const switcher = them.page.getByRole('button', { name: /World switcher/ });
  await switcher.click();
  await expect(them.page.getByRole('menuitem', { name: 'Innovation Lab' })).toBeVisible();
  await expect(them.page.getByRole('menuitem', { name: 'Acme Research' })).toHaveCount(0);
  await them.page.keyboard.press('Escape');

  await signInByApi(page);
  const dialog = await openPerson(page, who.email);
  await dialog.getByRole('combobox', { name: 'Acme Research' }).click();
  await page.getByRole('option', { name: 'Member' }).click();
  await expect(page.getByText(`${who.email} may enter acme_research`)).toBeVisible();
  await screenshots(page, 'admin-person-dialog');

  await switcher.click();
  await expect(them.page.getByRole('menuitem', { name: 'Acme Research' })).toBeVisible();
  await them.context.close();
});

test('a password reset in /admin/users: the temporary one signs in once a new one is chosen', async ({
  page,
  browser,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInByApi(page);
  const dialog = await openPerson(page, who.email);
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  const secret = dialog.getByLabel('Temporary password', { exact: true });
  await expect(secret).toBeVisible();
  const temporary = (await secret.textContent())!;
  expect(temporary).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await expect(dialog.getByText('Temporary password', { exact: true }).first()).toBeVisible();

  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signInThroughPortal(theirs, { email: who.email, password: temporary });
  await expect(
    theirs.getByText('Your password was reset by an administrator. Choose a new password'),
  ).toBeVisible();
  await theirs.getByLabel(/^New password/).fill('my-new-password-1');
  await theirs.getByLabel('Repeat the new password').fill('my-new-password-1');
  await theirs.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(theirs).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await context.close();

  const again = await browser.newContext();
  const next = await again.newPage();
  await signInThroughPortal(next, { email: who.email, password: 'my-new-password-1' });
  await expect(next).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await again.close();
});

test('the audit log lists sign-ins and admin actions and filters them', async ({
  page,
  browser,
}) => {
  const who = newAccount(['innovation-lab']);
  const them = await personBrowser(browser, who);
  await them.context.close();
  await signInByApi(page);
  const dialog = await openPerson(page, who.email);
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(dialog.getByText('Disabled', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Enable account' }).click();
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog.getByLabel('Temporary password', { exact: true })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Acme Research' }).click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await expect(
    page.getByText(`${who.email} may enter acme_research as an administrator`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await screenshots(page, 'admin-users');

  await page.goto('/admin');
  await page.getByRole('link', { name: /Audit log/ }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const events = page.getByRole('table', { name: 'Audit events' });
  await expect(events.getByRole('row').nth(1)).toBeVisible();

  // What the administrator did to this person, newest first.
  await page.getByLabel('Who (email)').fill(E2E_ADMIN.email);
  for (const what of [
    'Account disabled',
    'Account enabled',
    'Password reset',
    'World access granted',
  ]) {
    await page.getByRole('combobox', { name: 'What' }).click();
    await page.getByRole('option', { name: what, exact: true }).click();
    const row = events.getByRole('row').filter({ hasText: who.email }).first();
    await expect(row).toContainText(what);
    await expect(row).toContainText(E2E_ADMIN.email);
  }
  // The person's own sign-in, by who did it; and an empty day range shows nothing.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Who (email)').fill(who.email);
  await page.getByRole('combobox', { name: 'What' }).click();
  await page.getByRole('option', { name: 'Signed in', exact: true }).click();
  await expect(events.getByRole('row').filter({ hasText: who.email }).first()).toContainText(
    'Signed in',
  );
  await page.getByLabel('To').fill('2000-01-01');
  await expect(page.getByText('No events match.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Who (email)').fill(E2E_ADMIN.email);
  await expect(events.getByRole('row').filter({ hasText: 'command line' })).toHaveCount(0);
  await screenshots(page, 'admin-audit');
});
