import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../server/config';
import { openConfiguredStore } from '../../server/store';
import { workspaceUrl } from '../../protocol/paths';
import { startFakeOpenAi, textChunks, type FakeOpenAi } from '../server/meeting/fakeOpenAi';
import { signInByApi } from './fixtures';
import { DESKTOP, PHONE, ask, messageOf } from './meetingPage';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from './serverProcess';
import { seedTranscript } from './transcriptSeed';

/**
 * Issue 20, message controls: Stop mid-answer (a slow OpenAI-compatible fake
 * at the network edge), the partial answer kept and marked; Regenerate and
 * the version switch; Edit the last question and switch back to the earlier
 * exchange; the "New messages below" pill; timestamp, details and Copy.
 */

const WORLD = 'innovation-lab';
const SHOTS = '.tmp/shots';
const transcript = (page: Page) => page.getByRole('list', { name: 'Meeting transcript' });

/** The page at desktop and phone size, written to .tmp/shots to be looked at. */
async function shots(page: Page, name: string, hover?: () => Promise<void>) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    if (hover) await hover();
    else await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: size === 'phone' });
  }
  await page.setViewportSize(DESKTOP);
}

/** A new workspace of the e2e server with Ada Quant in it, and its id. */
async function workspaceWithAda(): Promise<string> {
  const config = loadConfig({
    DATA_DIR: process.env.E2E_DATA_DIR!,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  });
  const store = await openConfiguredStore(config, { sessionTtlMs: 3600_000 });
  try {
    const admin = await store.users.byEmail(E2E_ADMIN.email);
    const ws = await store.workspaces.create({ worldId: WORLD, createdBy: admin!.id });
    await store.workspaces.addExpert(ws.id, 'ada-quant');
    await store.workspaces.addToolProvider(ws.id, 'calculations');
    return ws.id;
  } finally {
    await store.close();
  }
}

test.describe('with the offline engine', () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInByApi(page);
  });

  test('a message shows when it was said, who answered with what, and copies as markdown', async ({
    page,
  }) => {
    const id = await workspaceWithAda();
    await page.goto(workspaceUrl(WORLD, id));
    await ask(page, 'What is 12.5% of 2,480?');
    const answer = messageOf(page, 'Ada Quant');
    await expect(answer).toContainText('310');
    await expect(answer.locator('time')).toHaveText('just now');
    // Its full date and time, written when the pointer comes over it.
    await answer.locator('time').hover();
    await expect(answer.locator('time')).toHaveAttribute('title', /\d/);
    await answer.hover();
    await expect(answer.getByTestId('message-details')).toHaveText(/^Ada Quant · offline · \d/);
    await answer.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Markdown copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('310');
    await shots(page, 'message-details', () => answer.hover());
  });

  test('Regenerate gives a second version; the arrows switch between them, kept on reload', async ({
    page,
  }) => {
    const id = await workspaceWithAda();
    await page.goto(workspaceUrl(WORLD, id));
    await ask(page, 'What is 7 times 6?');
    const answer = messageOf(page, 'Ada Quant');
    await expect(answer).toContainText('42');
    await answer.hover();
    await answer.getByRole('button', { name: 'Regenerate' }).click();
    await expect(answer.getByTestId('version-position')).toHaveText('2 / 2');
    await answer.getByRole('button', { name: 'Previous version' }).click();
    await expect(answer.getByTestId('version-position')).toHaveText('1 / 2');
    await expect(answer).toContainText('42');
    await shots(page, 'regenerate-version-1');
    await page.reload();
    const again = messageOf(page, 'Ada Quant');
    await expect(again.getByTestId('version-position')).toHaveText('2 / 2');
    await shots(page, 'regenerate-version-2');
  });

  test('Edit the last question: asked again, the earlier exchange one switch away', async ({
    page,
  }) => {
    const id = await workspaceWithAda();
    await page.goto(workspaceUrl(WORLD, id));
    await ask(page, 'What is 7 times 6?');
    await expect(messageOf(page, 'Ada Quant')).toContainText('42');
    const question = messageOf(page, 'Administrator');
    await question.hover();
    await question.getByRole('button', { name: 'Edit' }).click();
    const field = page.getByLabel('Edit message');
    await field.fill('What is 9 times 9?');
    await shots(page, 'edit-in-place');
    await page.getByRole('button', { name: 'Save and ask again' }).click();
    await expect(question).toContainText('What is 9 times 9?');
    await expect(messageOf(page, 'Ada Quant')).toContainText('81');
    await expect(transcript(page)).not.toContainText('42');
    await expect(question.getByTestId('version-position')).toHaveText('2 / 2');
    await question.getByRole('button', { name: 'Previous version' }).click();
    await expect(question.getByTestId('version-position')).toHaveText('1 / 2');
    await expect(question).toContainText('What is 7 times 6?');
    // The earlier exchange's answer shows with it, the new one is hidden meanwhile.
    await expect(question.getByRole('list', { name: 'Answers to this version' })).toContainText(
      '42',
    );
    await expect(transcript(page)).not.toContainText('81');
    await shots(page, 'edit-earlier-exchange');
    await question.getByRole('button', { name: 'Next version' }).click();
    await expect(messageOf(page, 'Ada Quant')).toContainText('81');
  });

  test('"New messages below" appears when scrolled up and takes the reader down', async ({
    page,
    context,
  }) => {
    const id = await seedTranscript(WORLD, 60);
    await page.goto(workspaceUrl(WORLD, id));
    await expect(transcript(page)).toContainText('message 59');
    await page.getByRole('button', { name: 'Scroll to top' }).click();
    await expect(transcript(page)).not.toContainText('message 59');
    // Someone else asks meanwhile (another page of the same user).
    const other = await context.newPage();
    await other.goto(workspaceUrl(WORLD, id));
    await ask(other, 'Anyone there?');
    const pill = page.getByRole('button', { name: 'New messages below' });
    await expect(pill).toBeVisible();
    await shots(page, 'new-messages-below');
    await pill.click();
    await expect(transcript(page)).toContainText('Anyone there?');
    await expect(pill).toBeHidden();
  });
});

test.describe('with a slow language model', () => {
  let fake: FakeOpenAi;
  let server: ServerProcess;
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

  test.beforeAll(async () => {
    fake = await startFakeOpenAi(() => ({
      kind: 'stream',
      chunks: textChunks(words),
      delayMs: 250,
    }));
    server = await startServerProcess({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'slow-model' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test('Stop mid-answer keeps the partial answer, marked Stopped', async ({ page }) => {
    await signInByApi(page, E2E_ADMIN, server.url);
    await page.goto(`${server.url}${workspaceUrl(WORLD, 'innovation-lab-welcome')}`);
    await ask(page, 'Tell me a long story');
    const answer = messageOf(page, 'Ada Quant');
    await expect(answer).toContainText('word3');
    const stop = page.getByRole('button', { name: 'Stop' });
    await shots(page, 'stop-while-answering');
    await stop.click();
    await expect(answer.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(stop).toBeHidden();
    await expect(answer).not.toContainText('word59');
    const partial = await answer.innerText();
    await page.waitForTimeout(1500);
    expect(await answer.innerText()).toBe(partial);
    await answer.hover();
    await expect(answer.getByTestId('message-details')).toHaveText(/Ada Quant · slow-model/);
    await shots(page, 'stopped-answer');
    await page.reload();
    await expect(messageOf(page, 'Ada Quant').getByText('Stopped', { exact: true })).toBeVisible();
  });
});
