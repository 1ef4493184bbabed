import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { signInByApi, usersCli } from './fixtures';

let app: ChildProcess | undefined;

test.afterEach(async () => {
  if (!app || app.exitCode !== null) return;
  const exited = new Promise((resolve) => app!.once('exit', resolve));
  app.kill('SIGTERM');
  await exited;
});

test('a remote example app appears under Applications with its annotation kinds, and leaves', async ({
  page,
  baseURL,
}) => {
  const token = /emgapp_\S+/.exec(usersCli('app-token', 'units', 'innovation-lab'))![0];
  app = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'examples/unitsApp.ts',
      '--url',
      baseURL!,
      '--world',
      'innovation-lab',
      '--token',
      token,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );

  await signInByApi(page);
  await page.goto('/w/innovation-lab/dashboard');
  await expect(page.getByTestId('connection-status')).toHaveText('Live connection: connected');
  await expect(async () => {
    await page.goto('/admin/apps');
    await expect(page.getByRole('button', { name: /units/ })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const card = page.getByRole('button', { name: /units/ });
  await expect(card).toContainText(/@command \(\d+\)/);
  await expect(card).toContainText(/@expert \(\d+\)/);
  await card.click();
  await expect(page).toHaveURL(/\/admin\/apps\/units$/);
  await expect(page.getByRole('tab', { name: /expert/ })).toBeVisible();
  await page.getByRole('tab', { name: /expert/ }).click();
  await expect(page.getByRole('table')).toContainText('Metric Mike');

  // Its command is in the palette while it is connected.
  await page.goto('/w/innovation-lab/dashboard');
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Search commands' }).pressSequentially('miles');
  await expect(
    palette.getByRole('option').filter({ hasText: 'Convert 10 km to miles' }),
  ).toHaveCount(1);
  await page.keyboard.press('Escape');

  // Gone when it disconnects.
  app.kill('SIGTERM');
  await expect(async () => {
    await page.goto('/admin/apps');
    await expect(page.getByRole('heading', { name: 'Applications Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: /units/ })).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
});
