import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInByApi, signInThroughPortal } from './fixtures';

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';
const expertButton = (page: Page, name: RegExp) =>
  page.getByRole('list', { name: 'Experts' }).getByRole('button', { name });

test('a session exported from the world menu replays to the same transcript and selections, sending nothing', async ({
  page,
}, testInfo) => {
  // The user's session: sign in, chat, toggle an expert, open the finder.
  await signInByApi(page);
  await page.goto(WORKSPACE);
  await expect(expertButton(page, /Scout/)).toBeVisible();
  const question = 'What is 12.5% of 2,480?';
  await page.getByPlaceholder('Ask the experts...').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  const transcript = page.getByRole('list', { name: 'Meeting transcript' });
  await expect(transcript.getByText(question).last()).toBeVisible();
  await expect(transcript.getByText(/310/).last()).toBeVisible();
  await expertButton(page, /Scout/).click();
  await expect(expertButton(page, /Scout/)).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Open File Finder' }).click();
  await expect(page.getByRole('dialog', { name: /File Finder/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Export from the world switcher menu.
  await page.getByRole('button', { name: 'World switcher' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export session log' }).click(),
  ]);
  const file = testInfo.outputPath('session.json');
  await download.saveAs(file);
  const log = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(log.format).toBe('emgen-action-log');
  expect(JSON.stringify(log)).not.toContain('e2e-admin-password');

  // Support staff replay it; from here on nothing may go to the server.
  await page.goto('/support/replay');
  await expect(page.getByRole('button', { name: 'Load session log' })).toBeVisible();
  const traffic: string[] = [];
  page.on('request', (r) => traffic.push(`${r.method()} ${r.url()}`));
  page.on('websocket', (ws) => traffic.push(`websocket ${ws.url()}`));
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('replay-position')).toHaveText(/^Action 0 of \d+$/);
  await page.getByRole('button', { name: 'Last' }).click();
  const screens = page.getByTestId('replay-screens');
  await expect(page.getByTestId('replay-route')).toContainText('/w/innovation-lab/workspace');
  await expect(screens.getByText(question).last()).toBeVisible();
  await expect(screens.getByText(/310/).last()).toBeVisible();
  await expect(
    screens.getByRole('list', { name: 'Experts' }).getByRole('button', { name: /Scout/ }),
  ).toHaveAttribute('aria-pressed', 'false');
  await expect(
    screens.getByRole('list', { name: 'Experts' }).getByRole('button', { name: /Ada Quant/ }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Stepping back undoes the toggle.
  const position = await page.getByTestId('replay-position').textContent();
  const end = Number(/of (\d+)/.exec(position ?? '')![1]);
  await page.getByRole('button', { name: 'First' }).click();
  await expect(page.getByTestId('replay-position')).toHaveText(`Action 0 of ${end}`);
  await expect(screens.getByText(question)).toHaveCount(0);
  await page.getByRole('button', { name: 'Play' }).click();
  await page.getByRole('button', { name: '16×' }).click();
  await page.getByRole('button', { name: 'Last' }).click();
  await expect(screens.getByText(question).last()).toBeVisible();

  // The app's own static files (lazy chunks, its logo) may load; no API call, no socket.
  const sent = traffic.filter((t) => !/^GET [^ ]*\/(assets\/[^/]+|favicon\.svg)$/.test(t));
  expect(sent).toEqual([]);
  expect(traffic.length).toBeGreaterThan(0); // the listener did see the static loads
});

test('a file that is not a session log is refused with the reason', async ({ page }, testInfo) => {
  await page.goto('/support/replay');
  const bad = testInfo.outputPath('bad.json');
  fs.writeFileSync(bad, '{"format":"emgen-action-log","version":7}');
  await page.locator('input[type=file]').setInputFiles(bad);
  await expect(page.getByRole('alert')).toHaveText(
    'Session log format version 7 cannot be replayed here (this app reads version 1).',
  );
  const hostile = testInfo.outputPath('hostile.json');
  fs.writeFileSync(
    hostile,
    JSON.stringify({
      format: 'emgen-action-log',
      version: 1,
      appVersion: '1.0.0',
      recordedAt: new Date().toISOString(),
      entries: [{ at: 1, action: { type: '<img src=x onerror="window.__pwned=1">' } }],
    }),
  );
  await page.locator('input[type=file]').setInputFiles(hostile);
  await page.getByRole('button', { name: 'Last' }).click();
  await expect(page.getByTestId('replay-action')).toContainText('onerror');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("a log sent to support is listed for the world's admins and replays from there", async ({
  page,
  browser,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await page.getByRole('button', { name: 'World switcher' }).click();
  await page.getByRole('menuitem', { name: 'Send session log to support' }).click();
  const note = `Nothing loads (${Date.now()})`;
  await page.getByLabel('What happened?').fill(note);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByText('Session log sent to the administrators of this world'),
  ).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInByApi(admin);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: /Support logs/ }).click();
  const row = admin.getByRole('row').filter({ hasText: note });
  await expect(row).toContainText(who.name);
  await row.getByRole('link', { name: 'Replay' }).click();
  await expect(admin).toHaveURL(/\/support\/replay\?log=/);
  await expect(admin.getByTestId('replay-position')).toHaveText(/^Action 0 of \d+$/);
  await admin.getByRole('button', { name: 'Last' }).click();
  await expect(admin.getByTestId('replay-route')).toContainText('/w/innovation-lab/dashboard');
  await expect(
    admin.getByTestId('replay-screens').getByRole('button', { name: 'Create Workspace' }),
  ).toBeVisible();
  await adminContext.close();
});
