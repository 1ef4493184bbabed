import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';

/**
 * Search by meaning in a real browser (issue 18): the finder's Meaning mode
 * and the admin Cross-Drive Search's Semantic mode find the demo handbook
 * for a question in other words, show its best passage with the matching
 * words marked, and a match percentage.
 */

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';
const QUESTION = 'how long can a new mum stay home after giving birth';

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('the finder finds a document by meaning and marks the passage that matched', async ({
  page,
}) => {
  await page.goto(WORKSPACE);
  await page.getByRole('button', { name: 'Open File Finder' }).click();
  const finder = page.getByRole('dialog', { name: /File Finder/ });
  await finder.getByRole('list', { name: 'Drives' }).getByText('Library').click();
  await finder.getByRole('button', { name: 'Meaning', exact: true }).click();
  await expect(finder.getByRole('button', { name: 'Meaning', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await finder.getByRole('textbox', { name: 'Search files' }).fill(QUESTION);
  const results = finder.getByRole('list', { name: 'Search results' });
  const first = results.getByRole('button').first();
  await expect(first).toContainText('benefits-and-leave.md', { timeout: 15_000 });
  await expect(first).toContainText('% match');
  await expect(first.locator('mark').first()).toBeVisible();
  await expect(first).toContainText('Parental leave');
  await screenshot(page, 'finder-meaning-desktop');

  // Back to words: the same box searches words as typed, without percentages.
  await finder.getByRole('button', { name: 'Words', exact: true }).click();
  await finder.getByRole('textbox', { name: 'Search files' }).fill('parental');
  await expect(results.getByRole('button').first()).toContainText('benefits-and-leave.md');
  await expect(results).not.toContainText('% match');
});

test('the finder on a phone keeps the mode switch and the marked passage', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(WORKSPACE);
  // On a phone the experts' column, with the finder's button, is a drawer.
  await page.getByRole('button', { name: 'Experts' }).click();
  await page.getByRole('button', { name: 'Open File Finder' }).click();
  const finder = page.getByRole('dialog', { name: /File Finder/ });
  await finder.getByRole('list', { name: 'Drives' }).getByText('Library').click();
  await finder.getByRole('button', { name: 'Meaning', exact: true }).click();
  await finder.getByRole('textbox', { name: 'Search files' }).fill(QUESTION);
  const first = finder.getByRole('list', { name: 'Search results' }).getByRole('button').first();
  await expect(first).toContainText('benefits-and-leave.md', { timeout: 15_000 });
  await expect(first.locator('mark').first()).toBeVisible();
  await screenshot(page, 'finder-meaning-phone');
});

test('Cross-Drive Search in Semantic mode shows the matching passage with its words marked', async ({
  page,
}) => {
  await page.goto('/admin/search');
  await page.getByRole('radio', { name: 'Semantic' }).check();
  const box = page.getByRole('textbox', { name: 'Search all drives' });
  await box.fill(QUESTION);
  await box.press('Enter');
  await expect(page.getByText(/Found \d+ results? across \d+ drives?/)).toBeVisible({
    timeout: 15_000,
  });
  const first = page.getByRole('list', { name: 'Search results' }).locator('> li').first();
  await expect(first).toContainText('benefits-and-leave.md');
  await expect(first).toContainText('%');
  await expect(first.locator('mark').first()).toBeVisible();
  await screenshot(page, 'admin-search-semantic-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-search-semantic-phone');
});
