import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';

/** Every frame the server sends on the cog socket, parsed, in order. */
function recordFrames(page: Page): any[] {
  const frames: any[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/api/ws/cog')) return;
    ws.on('framereceived', ({ payload }) => frames.push(JSON.parse(String(payload))));
  });
  return frames;
}

async function ask(page: Page, text: string) {
  const box = page.getByPlaceholder('Ask the experts...');
  await box.fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');
}

const transcript = (page: Page) => page.getByRole('list', { name: 'Meeting transcript' });
const answerOf = (page: Page, expert: string) =>
  transcript(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(expert, { exact: true }) })
    .last();

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInByApi(page);
});

test('experts answer 12.5% of 2,480 with 310, show the trace, and the code block copies', async ({
  page,
}) => {
  await page.goto(WORKSPACE);
  await expect(page.getByRole('button', { name: /Ada Quant/ })).toBeVisible();
  await ask(page, 'What is 12.5% of 2,480?');

  await expect(page.getByText('Meeting Transcript')).toBeVisible();
  await expect(answerOf(page, 'Ada Quant')).toContainText('310');
  await expect(answerOf(page, 'Ada Quant')).toContainText('Source: calc_evaluate');
  await expect(
    page.getByTestId('trace').filter({ hasText: 'Ada Quant · calc_evaluate' }).first(),
  ).toBeVisible();

  // Devon answers with code; it appears in Blocks and copies.
  const block = page.getByTestId('code-block').last();
  await expect(block).toContainText('2480');
  await block.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByText('Code copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    '(12.5 / 100) * 2480',
  );
});

test('reloading shows the workspace history', async ({ page }) => {
  await page.goto(WORKSPACE);
  await ask(page, 'How many days from 2026-01-01 to 2026-03-01?');
  await expect(answerOf(page, 'Chrono')).toContainText('59');
  await page.reload();
  await expect(page.getByText('Meeting Transcript')).toBeVisible();
  await expect(answerOf(page, 'Chrono')).toContainText('59');
});

test('an expert toggled off no longer answers', async ({ page }) => {
  const frames = recordFrames(page);
  await page.goto(WORKSPACE);
  const scout = page.getByRole('button', { name: /Scout/ });
  await expect(scout).toHaveAttribute('aria-pressed', 'true');
  await scout.click();
  await expect(scout).toHaveAttribute('aria-pressed', 'false');

  const asked = frames.length;
  await ask(page, 'What is 7 * 6?');
  await expect(answerOf(page, 'Ada Quant')).toContainText('42');
  await expect
    .poll(
      () =>
        frames
          .slice(asked)
          .filter((f) => f.typ === 'server.progress' && f.content.status === 'done').length,
    )
    .toBe(4);
  const answered = new Set(
    frames
      .slice(asked)
      .filter((f) => f.typ === 'assistant.message')
      .map((f) => f.content.name),
  );
  expect([...answered].sort()).toEqual(['Ada Quant', 'Chrono', 'Devon Code', 'Librarian Lee']);
});

test('an empty message is not sent, and script in a message renders as harmless text', async ({
  page,
}) => {
  const frames = recordFrames(page);
  await page.goto(WORKSPACE);
  // One expert only, so the round fits on screen.
  for (const name of ['Chrono', 'Librarian Lee', 'Scout', 'Devon Code']) {
    await page.getByRole('button', { name: new RegExp(name) }).click();
  }
  const box = page.getByPlaceholder('Ask the experts...');
  await box.fill('   ');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.press('Enter');
  await page.waitForTimeout(300);
  expect(frames.some((f) => f.typ === 'user.echo')).toBe(false);

  let alerted = false;
  page.on('dialog', (d) => {
    alerted = true;
    void d.dismiss();
  });
  await ask(
    page,
    '<script>alert(1)</script><img src=x onerror=alert(1)> [link](javascript:alert(1))',
  );
  await expect(
    transcript(page).getByText('<script>alert(1)</script>', { exact: false }),
  ).toBeVisible();
  await expect(answerOf(page, 'Ada Quant')).toBeVisible();
  expect(await transcript(page).locator('script').count()).toBe(0);
  expect(await transcript(page).locator('[onerror]').count()).toBe(0);
  expect(await transcript(page).locator('a[href^="javascript:"]').count()).toBe(0);
  expect(alerted).toBe(false);
});
