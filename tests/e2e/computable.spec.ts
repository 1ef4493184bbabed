import { expect, test } from '@playwright/test';
import { newAccount, signInThroughPortal } from './fixtures';
import { ask, DESKTOP, messageOf, screens } from './meetingPage';

/**
 * Computable questions in the browser (issue 17): a message that asks two
 * things gets both answered, each under its own heading, by the expert whose
 * field it is, with the result in bold and what was evaluated beneath it.
 */

test('a two-part question gets both results, each from the expert whose field it is', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await signInThroughPortal(page, newAccount(['innovation-lab']));
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await page.getByRole('button', { name: /Ada Quant/ }).click();
  await page.getByRole('button', { name: /Chrono/ }).click();
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/workspace\?id=[^&]+$/);

  // Two calculations in one message: Ada answers both, in order.
  await ask(page, 'Convert 5 miles to km and what is 15% of 200?');
  const ada = messageOf(page, 'Ada Quant');
  await expect(ada).toContainText('1. Convert 5 miles to km');
  await expect(ada).toContainText('2. what is 15% of 200');
  await expect(ada.locator('strong').filter({ hasText: '8.04672 km' })).toBeVisible();
  await expect(ada.locator('strong').filter({ hasText: /^30$/ })).toBeVisible();
  await expect(ada).toContainText('Source: calc_convert');
  await expect(ada).toContainText('Source: calc_evaluate');

  // A conversion and a date: Ada takes the first, Chrono the second.
  await ask(page, 'convert 30°C to Fahrenheit, and what weekday is 4 July 2027?');
  await expect(messageOf(page, 'Chrono')).toContainText('Sunday');
  await expect(messageOf(page, 'Chrono')).toContainText('what weekday is 4 July 2027');
  await expect(messageOf(page, 'Ada Quant').locator('strong').first()).toHaveText('86 °F');
  await screens(page, info, 'two-part-answers');
});
