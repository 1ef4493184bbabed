import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInByApi } from './fixtures';

/**
 * Issue 21, languages: a person chooses German on /settings, every page
 * turns German at once and stays so on the next visit (the account keeps
 * it), and no page asks for a text the German catalogue lacks. Dates and
 * numbers follow. English comes back the same way.
 */

const SCREENS = [
  '/w/innovation-lab/dashboard',
  '/w/innovation-lab/workspace?id=innovation-lab-welcome',
  '/w/innovation-lab/workspace-management?id=innovation-lab-welcome&mode=edit',
  '/w/innovation-lab/console',
  '/w/innovation-lab/emdrive/Library/file/handbook/expenses.md',
  '/settings',
  '/flow?id=onboarding',
  '/support/replay',
  '/404',
];

/** Texts the page asked for in German and found only in English. */
const missing = (page: Page) =>
  page.evaluate(() => [
    ...((window as unknown as { __emgenMissingTranslations?: Set<string> })
      .__emgenMissingTranslations ?? []),
  ]);

async function chooseLanguage(page: Page, label: string, name: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('German chosen on /settings turns the pages German at once and on the next visit', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const who = newAccount(['innovation-lab']);
  await signInByApi(page, who);
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await chooseLanguage(page, 'Language', 'Deutsch');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveText('Deutsch');

  // Another browser of the same person: the account says German, before any page is seen.
  const other = await context.browser()!.newContext({ locale: 'en-US' });
  const second = await other.newPage();
  await signInByApi(second, who, new URL(page.url()).origin);
  await second.goto(new URL('/w/innovation-lab/dashboard', page.url()).toString());
  await expect(second.locator('html')).toHaveAttribute('lang', 'de');
  await expect(second.getByRole('button', { name: 'Arbeitsbereich erstellen' })).toBeVisible();
  await other.close();

  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await missing(page), path).toEqual([]);
    await page.screenshot({ path: `.tmp/screens/de${path.replace(/[/?=&]+/g, '-')}.png` });
  }

  await page.goto('/settings');
  await chooseLanguage(page, 'Sprache', 'English');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("a browser that prefers German opens the sign-in page in German; the person's choice wins", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'de-DE', baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await missing(page)).toEqual([]);
  await context.close();
});
