import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';
import { messageOf } from './meetingPage';

/**
 * Issue 21, keyboard paths: the meeting works without a mouse. Tab reaches
 * the expert toggles with a visible focus ring and Space switches them;
 * Enter sends a question; a dialog takes the focus, keeps it inside, and
 * gives it back to the button that opened it when Escape closes it.
 */

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';

/** Presses Tab until the element has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** The element shows that it has the focus: an outline, a ring or a changed background. */
async function showsFocus(target: Locator) {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    return (
      el.matches(':focus-visible') ||
      el.classList.contains('Mui-focusVisible') ||
      (style.outlineStyle !== 'none' && style.outlineWidth !== '0px')
    );
  });
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('experts toggle with Space, a question goes with Enter, the finder gives the focus back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(WORKSPACE);
  const box = page.getByPlaceholder('Ask the experts...');
  await expect(box).toBeVisible();

  const scout = page.getByRole('button', { name: /^Scout/ });
  await page.getByRole('heading', { name: 'Experts' }).click(); // start from the experts' column
  await tabTo(page, scout);
  expect(await showsFocus(scout)).toBe(true);
  await expect(scout).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(scout).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(scout).toHaveAttribute('aria-pressed', 'true');

  await tabTo(page, box);
  await page.keyboard.type('What is 15% of 80?');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('');
  await expect(messageOf(page, 'Ada Quant')).toContainText('12', { timeout: 30_000 });

  const finderButton = page.getByRole('button', { name: 'Open File Finder' }).first();
  await finderButton.focus();
  await page.keyboard.press('Enter');
  const finder = page.getByRole('dialog', { name: /File Finder/ });
  await expect(finder).toBeVisible();
  // The focus is inside the dialog, and Tab keeps it there.
  await expect.poll(() => finder.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await finder.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(finder).toBeHidden();
  await expect(finderButton).toBeFocused();
});
