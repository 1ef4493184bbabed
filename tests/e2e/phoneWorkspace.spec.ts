import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';
import { DESKTOP, PHONE, ask, messageOf } from './meetingPage';

/**
 * Issue 21, phones: on a 390×844 screen the workspace is the transcript with
 * the message box at the foot of the screen; experts and blocks, research and
 * traces open as drawers. Turning to a wide screen keeps the meeting as it was.
 */
const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('on a phone the message box is on screen and experts and blocks open as drawers', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await page.goto(WORKSPACE);
  const box = page.getByPlaceholder('Ask the experts...');
  await expect(box).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('heading', { name: /transcript/i })).toBeVisible();
  // The page is the screen's height: nothing to scroll past to reach the message box.
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeLessThanOrEqual(PHONE.height);
  await noSidewaysScroll(page);
  await expect(page.getByRole('complementary', { name: 'Experts' })).toBeHidden();
  await page.screenshot({ path: info.outputPath('workspace-phone.png') });

  await ask(page, 'What is 12% of 250?');
  // The first question of a fresh server loads the calculator's library: more than the default wait.
  await expect(messageOf(page, 'Ada Quant')).toContainText('30', { timeout: 30_000 });
  await expect(box).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: info.outputPath('workspace-phone-answered.png') });

  // Experts: a drawer from the left; a toggle works there, Escape closes it.
  const expertsButton = page.getByRole('button', { name: 'Experts' });
  await expect(expertsButton).toHaveAttribute('aria-expanded', 'false');
  await expertsButton.click();
  const experts = page.getByRole('complementary', { name: 'Experts' });
  await expect(experts.getByRole('button', { name: /Ada Quant/ })).toBeVisible();
  await expect(experts.getByRole('link', { name: 'Configure Workspace' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('workspace-phone-experts.png') });
  await page.keyboard.press('Escape');
  await expect(experts).toBeHidden();
  await expect(expertsButton).toBeFocused();
  await expect(expertsButton).toHaveAttribute('aria-expanded', 'false');

  // Blocks, research and traces: a drawer from the right, with the answer's traces.
  await page.getByRole('button', { name: 'Blocks' }).click();
  const blocks = page.getByRole('complementary', { name: 'Blocks, research and traces' });
  await expect(blocks.getByRole('heading', { name: 'Traces' })).toBeVisible();
  await expect(blocks).toContainText('calc_');
  await page.screenshot({ path: info.outputPath('workspace-phone-blocks.png') });
  await page.keyboard.press('Escape');
  await expect(blocks).toBeHidden();
});

test('turning to a wide screen shows the three columns and keeps what was typed', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(WORKSPACE);
  const box = page.getByPlaceholder('Ask the experts...');
  await box.fill('a question not sent yet');
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('complementary', { name: 'Experts' })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Blocks, research and traces' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Experts' })).toBeHidden();
  await expect(box).toHaveValue('a question not sent yet');
  await page.setViewportSize(PHONE);
  await expect(box).toHaveValue('a question not sent yet');
  await expect(box).toBeInViewport({ ratio: 1 });
});
