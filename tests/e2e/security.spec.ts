import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInThroughPortal, usersCli } from './fixtures';

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';
const connected = 'Live connection: connected';
const SCREENS = '.tmp/screens';

/** Marks the page's JavaScript world; a reload would lose the mark. */
const markPage = (page: Page) =>
  page.evaluate(() => ((window as unknown as { stillSamePage: boolean }).stillSamePage = true));
const samePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage === true);

/** The workspace is up: its experts came over the socket. */
async function expectWorkspaceLive(page: Page) {
  await expect(page.getByPlaceholder('Ask the experts...')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Experts' }).getByRole('button').first(),
  ).toBeVisible();
}

async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/${name}-phone.png` });
}

test('signed out in another tab, a workspace tab goes to the sign-in page without a reload', async ({
  page,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await page.goto(WORKSPACE);
  await expectWorkspaceLive(page);
  await markPage(page);

  const other = await page.context().newPage();
  await other.goto('/w/innovation-lab/dashboard');
  await other.getByRole('button', { name: 'World switcher' }).click();
  await other.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(other).toHaveURL(/\/auth\/loggedout$/);

  // The first tab's socket was closed by the server (4401); nobody touched the tab.
  await expect(page).toHaveURL(
    `/auth/login?next=${encodeURIComponent('/w/innovation-lab/workspace?id=innovation-lab-welcome')}`,
  );
  await expect(page.getByRole('button', { name: 'Sign in with Portal' })).toBeVisible();
  expect(await samePage(page)).toBe(true);
  await screenshots(page, 'signed-out-elsewhere');
});

test('a world revoked with npm run users closes it in the open tab, with a way to a world still open', async ({
  page,
}) => {
  const who = newAccount(['innovation-lab', 'acme_research']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/\/w\/[\w-]+\/dashboard$/);
  await page.goto(WORKSPACE);
  await expectWorkspaceLive(page);
  await markPage(page);

  // Another process on the same database: the server finds out by itself within seconds.
  usersCli('revoke', who.email, 'innovation-lab');
  await expect(page.getByText('This world is not open to you')).toBeVisible();
  await expect(page.getByText('You do not have access to world "innovation-lab"')).toBeVisible();
  expect(await samePage(page)).toBe(true);
  await screenshots(page, 'world-revoked');

  await page.getByRole('link', { name: 'Go to my world' }).click();
  await expect(page).toHaveURL(/\/w\/acme_research\/dashboard$/);
  await expect(page.getByTestId('connection-status')).toHaveText(connected);
});
