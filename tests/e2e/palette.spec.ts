import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';

/** The dashboard, once its world is connected (the palette is mounted from then on). */
async function dashboard(page: Page) {
  await page.goto('/w/innovation-lab/dashboard');
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
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
  // Every result matches the query; the first is selected, and ArrowDown walks to Open Console.
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(async () => (await options.allInnerTexts()).every((t) => /cons/i.test(t)))
    .toBe(true);
  const names = await options.locator('p:first-child').allInnerTexts();
  for (let i = 0; i < names.indexOf('Open Console'); i++) await box.press('ArrowDown');
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
  await expect(options.nth(1)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
});
