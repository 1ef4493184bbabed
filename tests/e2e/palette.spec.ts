import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { newAccount, signInByApi, signInThroughPortal } from './fixtures';

/** The dashboard, once its world is connected (the palette is mounted from then on). */
async function dashboard(page: Page) {
  await page.goto('/w/innovation-lab/dashboard');
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
}

test.beforeEach(async ({ page }, info) => {
  if (!info.title.includes('non-admin')) await signInByApi(page);
});

test('the palette opens with Ctrl+Shift+P, finds "Open Console" by typing, and runs it with Enter', async ({
  page,
}) => {
  await dashboard(page);

  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const box = palette.getByRole('combobox', { name: 'Search commands' });
  await expect(box).toBeFocused();
  // Opening lists the workspace namespace.
  await expect(palette.getByRole('option').first()).toBeVisible();

  await box.pressSequentially('cons');
  const options = palette.getByRole('option');
  const openConsole = options.filter({ hasText: 'Open Console' });
  await expect(openConsole).toHaveCount(1);
  // Every result matches the query; the first that destroys nothing is selected (Clear Console,
  // first by score, is not), and ArrowDown walks to Open Console.
  await expect
    .poll(async () => (await options.allInnerTexts()).every((t) => /cons/i.test(t)))
    .toBe(true);
  await expect(options.filter({ hasText: 'Clear Console' })).toHaveAttribute(
    'aria-selected',
    'false',
  );
  const names = await options.locator('p:first-child').allInnerTexts();
  const selectedAt = names.findIndex((n) => n !== 'Clear Console');
  await expect(options.nth(selectedAt)).toHaveAttribute('aria-selected', 'true');
  for (let i = selectedAt; i < names.indexOf('Open Console'); i++) await box.press('ArrowDown');
  await expect(openConsole).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/w\/innovation-lab\/console$/);
  await expect(palette).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
});

test('ArrowDown moves the selection and Escape closes the palette', async ({ page }) => {
  await dashboard(page);
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const options = palette.getByRole('option');
  await expect(options.nth(2)).toBeVisible();
  // The first command listed (Clear Console) destroys something: the one after it starts selected.
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Clear Console is never preselected, Enter on open does not run it, and it asks before it runs', async ({
  page,
}) => {
  await dashboard(page);
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const options = palette.getByRole('option');
  const clear = options.filter({ hasText: 'Clear Console' });
  await expect(clear).toBeVisible();
  await expect(clear).toHaveAttribute('aria-selected', 'false');

  // Searching for it alone: nothing is selected, so Enter does nothing.
  const box = palette.getByRole('combobox', { name: 'Search commands' });
  await box.pressSequentially('clear console');
  await expect(options).toHaveCount(1);
  await expect(clear).toHaveAttribute('aria-selected', 'false');
  await box.press('Enter');
  await expect(palette.getByRole('alertdialog')).toHaveCount(0);
  await expect(box).toBeVisible();

  // Chosen on purpose, it asks first; Cancel has the focus, so Enter keeps the console.
  await box.press('ArrowDown');
  await expect(clear).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  const ask = palette.getByRole('alertdialog', { name: 'Clear Console?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  fs.mkdirSync('.tmp/screens', { recursive: true });
  await page.screenshot({ path: '.tmp/screens/palette-confirm-1280x800.png' });
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(box).toBeVisible();

  await box.press('Enter'); // the selection is kept: asks again
  await ask.getByRole('button', { name: 'Clear Console' }).click();
  await expect(palette).toBeHidden();
  await expect(page.getByText('Console cleared').first()).toBeVisible();
});

test('a non-admin is not offered Clear Console, in the palette or on the console page', async ({
  page,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/dashboard$/);
  // The palette listens from when the world is connected, which the dashboard's button shows.
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Search commands' }).pressSequentially('console');
  await expect(palette.getByRole('option', { name: /Open Console/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /Clear Console/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/w/innovation-lab/console');
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
});
