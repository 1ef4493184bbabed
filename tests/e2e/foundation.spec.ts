import { expect, test } from '@playwright/test';
import { signInByApi } from './fixtures';
import { E2E_ADMIN } from './serverProcess';

test('/ lands on the login page with the default title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Welcome to EMgen')).toBeVisible();
  await expect(page.getByText('Your multi-world AI workspace')).toBeVisible();
  await expect(page.getByText('Please select a world or login to continue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Portal' })).toBeVisible();
  await expect(page).toHaveTitle('Innovation Algebra');
});

test('an unknown path lands on /404', async ({ page }) => {
  await page.goto('/nonsense/deeper');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('This page does not exist.')).toBeVisible();
});

test('a world page without a session goes to sign-in', async ({ page }) => {
  await page.goto('/w/acme_research/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?next=/);
  await expect(page.getByRole('button', { name: 'Sign in with Portal' })).toBeVisible();
});

test('signed in, a world page shows its spinner until the socket is up, then its content', async ({
  page,
}) => {
  await signInByApi(page);
  // Hold the socket back so the spinner can be seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.routeWebSocket(/\/api\/ws\/cog/, async (ws) => {
    await held;
    ws.connectToServer();
  });
  await page.goto('/w/acme_research');
  await expect(page).toHaveURL(/\/w\/acme_research\/dashboard$/);
  await expect(page.getByTestId('full-screen-spinner')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toHaveCount(0);
  release();
  await expect(page.getByTestId('connection-status')).toHaveText('Live connection: connected');
  await expect(page.getByTestId('full-screen-spinner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
  await expect(page).toHaveTitle('Acme Research');
});

test('the title follows the world: innovation-lab is "Innovation Lab"', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/w/innovation-lab/dashboard');
  await expect(page.getByTestId('connection-status')).toHaveText('Live connection: connected');
  await expect(page).toHaveTitle('Innovation Lab');
});

test('the portal button leads to the sign-in portal, and signing in opens the world', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in with Portal' }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  await expect(page.getByTestId('connection-status')).toHaveText('Live connection: connected');
});

test('a wrong password shows the HTTP error and stays on the portal', async ({ page }) => {
  await page.goto('/portal/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('HTTP error! status: 401')).toBeVisible();
  await expect(page.getByText('Invalid email, password or PIN')).toBeVisible();
  await expect(page).toHaveURL(/\/portal\/login$/);
});
