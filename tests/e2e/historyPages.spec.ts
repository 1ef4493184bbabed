import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';
import { seededMessageId, seedTranscript } from './transcriptSeed';

/**
 * A long workspace opens at its newest page and loads older pages as the
 * reader scrolls up, keeping what they were reading in place; a link to a
 * message opens the page around it, marked (issue 19, history in pages).
 */

const WORLD = 'innovation-lab';
const COUNT = 320;

const transcript = (page: Page) => page.getByRole('list', { name: 'Meeting transcript' });
const scroller = (page: Page) => page.getByTestId('transcript-scroller');
const row = (page: Page, id: string) => page.locator(`[data-message-id="${id}"]`);

/** Every display.history frame the page receives. */
function recordPages(page: Page): any[] {
  const pages: any[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/api/ws/cog')) return;
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload));
      if (frame.typ === 'display.history') pages.push(frame.content);
    });
  });
  return pages;
}

let workspaceId: string;
test.beforeAll(async () => {
  workspaceId = await seedTranscript(WORLD, COUNT);
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('opens at the newest page and loads older ones while scrolling up, the reader kept in place', async ({
  page,
}) => {
  const pages = recordPages(page);
  await page.goto(`/w/${WORLD}/workspace?id=${workspaceId}`);
  const last = seededMessageId(workspaceId, COUNT - 1);
  await expect(row(page, last)).toBeVisible();
  await expect(row(page, last)).toContainText(`message ${COUNT - 1}`);
  expect(pages).toHaveLength(1);
  expect(pages[0]).toMatchObject({ page: 'latest', older: true, newer: false });
  expect(pages[0].messages).toHaveLength(50);
  await page.screenshot({ path: test.info().outputPath('history-newest-desktop.png') });

  // Up a little: the row being read stays where it is on screen when the older page lands.
  await scroller(page).evaluate((el) => (el.scrollTop = 0));
  await expect.poll(() => pages.length).toBeGreaterThan(1);
  expect(pages[1]).toMatchObject({
    page: 'before',
    cursor: seededMessageId(workspaceId, COUNT - 50),
  });
  const reading = row(page, seededMessageId(workspaceId, COUNT - 50));
  await expect(reading).toBeInViewport();

  // Up to the first message, page after page, with nothing missing or doubled.
  const first = row(page, seededMessageId(workspaceId, 0));
  await expect(async () => {
    await scroller(page).evaluate((el) => (el.scrollTop = 0));
    await expect(first).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  const ids = pages.flatMap((p) => p.messages.map((m: any) => m.message_id)).sort();
  expect(ids).toEqual(Array.from({ length: COUNT }, (_, i) => seededMessageId(workspaceId, i)));
  expect(pages.at(-1).older).toBe(false);
  await expect(first).toContainText('message 0');
  await page.screenshot({ path: test.info().outputPath('history-first-desktop.png') });
});

test('a link to a message opens the page around it, marked; newer pages load below; Scroll to bottom goes to the newest', async ({
  page,
}) => {
  const pages = recordPages(page);
  const target = seededMessageId(workspaceId, 100);
  await page.goto(`/w/${WORLD}/workspace?id=${workspaceId}&message=${target}`);
  await expect(row(page, target)).toBeInViewport();
  await expect(row(page, target)).toHaveAttribute('aria-current', 'true');
  expect(pages[0]).toMatchObject({ page: 'around', cursor: target, older: true, newer: true });
  await page.screenshot({ path: test.info().outputPath('history-jump-desktop.png') });

  // Down past the page: the next one comes after it.
  await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect.poll(() => pages.some((p) => p.page === 'after')).toBe(true);
  await expect(row(page, seededMessageId(workspaceId, 130))).toBeAttached();

  // Scroll to bottom: the newest page replaces the stretch, the mark goes.
  await page.getByRole('button', { name: 'Scroll to bottom' }).click();
  const last = row(page, seededMessageId(workspaceId, COUNT - 1));
  await expect(last).toBeInViewport();
  await expect(transcript(page).locator('[aria-current="true"]')).toHaveCount(0);
});

test('asking from an older stretch shows the question at the end of the newest page', async ({
  page,
}) => {
  await page.goto(
    `/w/${WORLD}/workspace?id=${workspaceId}&message=${seededMessageId(workspaceId, 10)}`,
  );
  await expect(row(page, seededMessageId(workspaceId, 10))).toBeInViewport();
  await page.getByPlaceholder('Ask the experts...').fill('Where were we?');
  await page.getByRole('button', { name: 'Send' }).click();
  const question = transcript(page).getByRole('listitem').filter({ hasText: 'Where were we?' });
  await expect(question).toBeInViewport();
  await expect(row(page, seededMessageId(workspaceId, 10))).toHaveCount(0);
});

test('on a phone the jump lands on the message too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const target = seededMessageId(workspaceId, 200);
  await page.goto(`/w/${WORLD}/workspace?id=${workspaceId}&message=${target}`);
  await expect(row(page, target)).toBeInViewport();
  await expect(row(page, target)).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: test.info().outputPath('history-jump-phone.png') });
});
