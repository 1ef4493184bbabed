import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInThroughPortal } from './fixtures';

const sidebarExperts = (page: Page) =>
  page.getByRole('list', { name: 'Experts' }).getByRole('button');

test('create a workspace from the dashboard, configure it, and find it in the history', async ({
  page,
}) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);

  // Dashboard → Create Workspace → management in create mode.
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/workspace-management\?id=[^&]+&mode=create$/);
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeDisabled(); // nothing chosen yet
  await page.getByRole('button', { name: /Ada Quant/ }).click();
  await page.getByRole('button', { name: /Chrono/ }).click();
  await expect(page.getByRole('tab', { name: /Experts/ })).toContainText('2');
  await page.getByRole('tab', { name: /Tool Providers/ }).click();
  await page.getByRole('checkbox', { name: 'Use calculations' }).check();
  await page
    .getByRole('button', { name: /calculations/ })
    .first()
    .click();
  await expect(page.getByRole('cell', { name: 'evaluate', exact: true })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Learn more about this service' }).first(),
  ).toHaveAttribute('rel', /noopener/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByPlaceholder('Enter workspace name').fill('Pricing review');
  await page.getByRole('button', { name: 'Create Workspace' }).click();

  await expect(page.getByText('Workspace created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/workspace\?id=[^&]+$/);
  const workspaceUrl = page.url();
  await expect(sidebarExperts(page)).toHaveCount(2);
  await expect(sidebarExperts(page).filter({ hasText: 'Ada Quant' })).toHaveCount(1);
  await expect(sidebarExperts(page).filter({ hasText: 'Chrono' })).toHaveCount(1);

  // Configure Workspace → remove Chrono, rename → Save Changes → back on the workspace.
  await page.getByRole('link', { name: 'Configure Workspace' }).click();
  await expect(page).toHaveURL(/mode=edit$/);
  await page.getByRole('button', { name: /Chrono/ }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByPlaceholder('Enter workspace name')).toHaveValue('Pricing review');
  await page.getByPlaceholder('Enter workspace name').fill('Pricing review v2');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(workspaceUrl);
  await expect(sidebarExperts(page)).toHaveCount(1);
  await expect(sidebarExperts(page).first()).toContainText('Ada Quant');
  await expect(page.getByRole('banner')).toContainText('Pricing review v2');

  // The history widget lists it with its name, experts and age.
  await page.goto('/w/innovation-lab/dashboard');
  const item = page.getByRole('link', { name: /Pricing review v2/ });
  await expect(item).toContainText('Ada Quant (EM)');
  await expect(item).toContainText(/just now|minute/);
  await item.click();
  await expect(page).toHaveURL(workspaceUrl);
});

test('cancel in create mode returns to the dashboard; a bad mode is refused', async ({ page }) => {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/mode=create$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);

  await page.goto('/w/innovation-lab/workspace?id=innovation-lab-welcome&mode=delete');
  await expect(page.getByText('Invalid mode "delete": use edit or create.')).toBeVisible();
  await page.goto('/w/innovation-lab/workspace-management?mode=edit');
  await expect(page.getByText('No workspace selected')).toBeVisible();
});

test('a widget layout the page does not know shows an Unknown Widget box', async ({ page }) => {
  const who = newAccount(['innovation-lab']);
  await page.route('**/api/dashboard?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.main_column.push({ layout: 'FancyChart', series: [1, 2, 3] });
    await route.fulfill({ response, json: body });
  });
  await signInThroughPortal(page, who);
  await expect(page.getByText('Unknown Widget')).toBeVisible();
  await expect(page.getByText('FancyChart')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
});
