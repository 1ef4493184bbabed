import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';
import { E2E_ADMIN } from './serverProcess';

const CONSOLE = '/w/innovation-lab/console';

/** The colour the page gives the Source cell of the row holding `text`. */
async function sourceColour(page: Page, text: string | RegExp) {
  const row = page
    .getByRole('table', { name: 'Console messages' })
    .getByRole('row')
    .filter({ hasText: text })
    .last();
  await expect(row).toBeVisible();
  return row
    .getByRole('cell')
    .nth(2)
    .evaluate((cell) => getComputedStyle(cell).color);
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('Clear asks first, then writes a green system entry; a refused frame shows as a yellow warning', async ({
  page,
}) => {
  await page.goto(CONSOLE);
  await expect(page.getByRole('checkbox', { name: 'Auto-refresh' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Interval' })).toHaveText('5s');

  await page.getByRole('button', { name: 'Clear' }).click();
  const ask = page.getByRole('dialog', { name: 'Clear the console?' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Clear Console' }).click();
  const cleared = `Console cleared by ${E2E_ADMIN.email}`;
  await expect(page.getByText(cleared)).toBeVisible();
  expect(await sourceColour(page, cleared)).toBe('rgb(76, 175, 80)');

  // A frame the server does not handle is refused and logged as a hub warning.
  const browser = `e2e-console-${Date.now()}`;
  await page.evaluate(async (browserId) => {
    const url = `ws://${location.host}/api/ws/cog?browser=${browserId}&worldId=innovation-lab&version=1.0.0`;
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    ws.send(JSON.stringify({ typ: 'no.such.frame', content: {} }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    ws.close();
  }, browser);

  await page.getByRole('button', { name: 'Refresh' }).click();
  expect(await sourceColour(page, browser)).toBe('rgb(255, 235, 59)');
});
