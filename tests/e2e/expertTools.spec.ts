import { expect, test } from '@playwright/test';
import { newAccount, signInThroughPortal } from './fixtures';
import { ask, DESKTOP, messageOf, screens } from './meetingPage';

/**
 * Experts bring their tools (issue 17): a new workspace preselects the tool
 * providers its experts bring; without one, the expert says which to add and
 * links to Configure Workspace; with no expert selected, a hint, not silence.
 */

test('a new workspace brings its experts’ tools; without one, the expert links to Configure Workspace; no expert selected gets a hint', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await signInThroughPortal(page, newAccount(['innovation-lab']));
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);

  // Create a workspace with Ada: calculations is ticked for her, visibly.
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/mode=create$/);
  const ada = page.getByRole('button', { name: /Ada Quant/ });
  await expect(ada).toContainText('Brings: calculations');
  await ada.click();
  await expect(page.getByRole('tab', { name: /Tool Providers/ })).toContainText('1');
  await screens(page, info, 'management-experts');
  await page.getByRole('tab', { name: /Tool Providers/ }).click();
  // The tab's content is its tab panel, named by the tab (issue 21, accessibility).
  const panel = page.getByRole('tabpanel', { name: /Tool Providers/ });
  const calculations = panel.getByRole('checkbox', { name: 'Use calculations' });
  await expect(calculations).toBeChecked();
  await expect(page.getByText('Brought by Ada Quant')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Use web_search' })).not.toBeChecked();
  await screens(page, info, 'management-providers-preselected');

  // The user unticks it before creating.
  await calculations.uncheck();
  await expect(page.getByText('Not selected: Ada Quant will ask for it')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Tool Providers/ })).toContainText('0');
  await screens(page, info, 'management-providers-unticked');
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/workspace\?id=[^&]+$/);
  const workspaceUrl = page.url();
  const workspaceId = new URL(workspaceUrl).searchParams.get('id')!;

  // Ada names the provider she lacks, with a link that opens Configure Workspace.
  await ask(page, 'what is 15% of 80');
  const answer = messageOf(page, 'Ada Quant');
  await expect(answer).toContainText('calculations tool provider');
  const link = answer.getByRole('link', { name: 'Configure Workspace' });
  await expect(link).toHaveAttribute(
    'href',
    `/w/innovation-lab/workspace-management?id=${workspaceId}&mode=edit`,
  );
  await expect(answer).not.toContainText('12');
  await screens(page, info, 'workspace-provider-missing');
  await link.click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/workspace-management\?id=[^&]+&mode=edit$/);
  await page.getByRole('tab', { name: /Tool Providers/ }).click();
  await expect(page.getByRole('checkbox', { name: 'Use calculations' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(workspaceUrl);

  // No expert selected: the message gets a hint on how to select one.
  await page.getByRole('button', { name: /Ada Quant/ }).click();
  await expect(page.getByRole('button', { name: /Ada Quant/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await ask(page, 'anyone there?');
  const hint = messageOf(page, 'EMgen');
  await expect(hint).toContainText('No expert is selected, so nobody will answer.');
  await expect(hint).toContainText('Experts');
  await screens(page, info, 'workspace-no-expert-hint');
});
