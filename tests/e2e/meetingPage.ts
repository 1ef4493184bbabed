import { expect, type Page, type TestInfo } from '@playwright/test';

/** The meeting screen as the e2e tests use it: ask, read a speaker's last message, take pictures. */

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const transcript = (page: Page) => page.getByRole('list', { name: 'Meeting transcript' });

/** The last message of a speaker in the transcript. */
export const messageOf = (page: Page, speaker: string) =>
  transcript(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(speaker, { exact: true }) })
    .last();

export async function ask(page: Page, text: string) {
  const box = page.getByPlaceholder('Ask the experts...');
  await box.fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');
}

/** The screen at desktop and at phone size, kept with the test's results. */
export async function screens(page: Page, info: TestInfo, name: string) {
  await page.mouse.move(0, 0); // no hover or ripple in the picture
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: info.outputPath(`${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
