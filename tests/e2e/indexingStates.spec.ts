import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { inflatingPdf } from '../server/hostileFiles';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../support/redis';
import { signInByApi } from './fixtures';
import { startServerProcess, type ServerProcess } from './serverProcess';

/**
 * Issue 16: the admin drive table shows where each file's indexing stands
 * (Queued, Running, Failed with the reason, Indexed), as the shared store
 * says, whichever instance does the work: files are uploaded through
 * instance A and watched in the table of instance B, which follows them
 * without a reload; a failed file is retried from the table.
 */

const installed = Boolean(findRedisServer());
const EXTRACT_SECONDS = 6;
const FOLDER = 'aaa-indexing';
const SCREENS = '.tmp/screens';

let redis: TestRedis;
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;

test.skip(!installed, REDIS_MISSING);
test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  redis = await startRedis();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-e2e-queue-'));
  const env = {
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
    EXTRACT_TIMEOUT_MS: String(EXTRACT_SECONDS * 1000),
    EXTRACT_MEMORY_MB: '256',
  };
  // One after the other: the first seeds the store and the demo drives.
  a = await startServerProcess(env);
  b = await startServerProcess(env);
});

test.afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await redis?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Uploads into Library through instance A with the session signed in on B (one store, one session). */
async function uploadThroughA(page: Page, files: { name: string; data: Buffer }[]) {
  const cookies = await page.context().cookies(b.url);
  const csrf = cookies.find((c) => c.name === 'emgen_csrf')?.value ?? '';
  const headers = { 'x-csrf-token': decodeURIComponent(csrf) };
  const user = await page.request.post(`${b.url}/api/user`, { headers, data: {} });
  const world = ((await user.json()) as { active_world: string }).active_world;
  const form = new FormData();
  form.append('path', FOLDER);
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)]), f.name);
  const res = await page.request.post(`${a.url}/api/drives/Library/files`, {
    multipart: form,
    headers: { ...headers, 'x-world-id': world },
  });
  expect(res.status()).toBe(200);
}

const chip = (page: Page, file: string, state: string) =>
  page.getByLabel(`Indexing of ${FOLDER}/${file}: ${state}`);

test('the admin drive table follows each file: queued, running, failed with the reason, indexed', async ({
  page,
}) => {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, undefined, b.url);
  // Graphics operators only: pdf.js works through them for longer than the limit, in little memory.
  const slow = await inflatingPdf(400 * 1024 * 1024, 'q Q\n');
  await uploadThroughA(page, [
    { name: 'slow-1.pdf', data: slow },
    { name: 'slow-2.pdf', data: slow },
    { name: 'notes.md', data: Buffer.from('# Indexing\n\nThe pangolin survey notes.') },
  ]);

  await page.goto(`${b.url}/admin/emdrive/Library`);
  const table = page.getByRole('table', { name: 'Files of Library' });
  await expect(table.getByRole('columnheader', { name: 'Indexing' })).toBeVisible();
  // Both instances take a slow file each; the note waits behind them.
  await expect(chip(page, 'slow-1.pdf', 'Running')).toBeVisible({ timeout: 20_000 });
  await expect(chip(page, 'slow-2.pdf', 'Running')).toBeVisible();
  await expect(chip(page, 'notes.md', 'Queued')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/indexing-desktop-running.png` });

  // Without a reload: the limit stops both, and the note is read.
  const reason = `Not indexed: text extraction took longer than ${EXTRACT_SECONDS} s`;
  await expect(chip(page, 'slow-1.pdf', 'Failed')).toBeVisible({ timeout: 40_000 });
  await expect(chip(page, 'slow-2.pdf', 'Failed')).toBeVisible({ timeout: 20_000 });
  await expect(chip(page, 'notes.md', 'Indexed')).toBeVisible({ timeout: 20_000 });
  const failedRow = table.getByRole('row').filter({ hasText: `${FOLDER}/slow-1.pdf` });
  await expect(failedRow.getByText(reason)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/indexing-desktop-failed.png` });

  // A retry queues it again from the table; it runs and fails again for the same reason.
  await page.getByRole('button', { name: `Retry indexing ${FOLDER}/slow-1.pdf` }).click();
  await expect(page.getByText(`Indexing of ${FOLDER}/slow-1.pdf queued again`)).toBeVisible();
  await expect(
    chip(page, 'slow-1.pdf', 'Queued').or(chip(page, 'slow-1.pdf', 'Running')),
  ).toBeVisible();
  await expect(chip(page, 'slow-1.pdf', 'Failed')).toBeVisible({ timeout: 40_000 });
  await expect(failedRow.getByText(reason)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(chip(page, 'notes.md', 'Indexed')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/indexing-phone.png` });
  // The table scrolls sideways on a phone; the column is there.
  await chip(page, 'slow-1.pdf', 'Failed').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/indexing-phone-scrolled.png` });
});
