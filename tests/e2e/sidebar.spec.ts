import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';
import { seedSidebarWorkspaces } from './sidebarSeed';

/**
 * The sidebar of conversations on the workspace page (issue 20): moving
 * between workspaces, renaming in place, pinning, archiving, deleting with
 * Undo, searching names and old messages; a drawer on a phone.
 */

const WORLD = 'innovation-lab';
const SHOTS = '.tmp/shots';
const run = Date.now().toString(36);
const WORD = `zanzibar${run}`;
const [ALPHA, BRAVO, CHARLIE, DELTA] = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map(
  (n) => `${n} ${run}`,
) as [string, string, string, string];
let ids: string[];
let firstMessageId: string;

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // 120 messages each: the first one of Alpha is well before its newest page.
  ({ ids, firstMessageId } = await seedSidebarWorkspaces(WORLD, [ALPHA, BRAVO, CHARLIE, DELTA], {
    messages: 120,
    word: WORD,
  }));
});

test.beforeEach(async ({ page }) => {
  // The desktop size of the screenshots; the phone test sets its own.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page);
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Workspaces' });
const item = (page: Page, name: string) =>
  sidebar(page).getByRole('listitem').filter({ hasText: name });
const link = (page: Page, name: string) => item(page, name).getByRole('link');
const title = (page: Page) => page.getByRole('banner');

async function open(page: Page, id: string) {
  await page.goto(`/w/${WORLD}/workspace?id=${id}`);
  await expect(sidebar(page)).toBeVisible();
}

async function menu(page: Page, name: string, action: string) {
  await item(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  // A click while the menu still grows open can miss its item: wait for the menu to settle.
  const paper = page.locator('.MuiMenu-paper');
  await expect(paper).toHaveCSS('opacity', '1');
  await expect(paper).toHaveCSS('transform', 'none');
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('moves between workspaces, the open one marked, most recent first', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, ids[0]!);
  await expect(link(page, ALPHA)).toHaveAttribute('aria-current', 'page');
  // Seeded in order, a minute apart: Delta's last message is the newest.
  const names = await sidebar(page).getByRole('list', { name: 'Recent workspaces' }).innerText();
  expect(names.indexOf(DELTA)).toBeLessThan(names.indexOf(CHARLIE));
  expect(names.indexOf(CHARLIE)).toBeLessThan(names.indexOf(ALPHA));
  // The page's own left column is still there (SPEC §2).
  await expect(page.getByRole('link', { name: 'Configure Workspace' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sidebar-desktop.png` });

  await link(page, BRAVO).click();
  await expect(page).toHaveURL(new RegExp(`id=${ids[1]}`));
  await expect(title(page)).toContainText(BRAVO);
  await expect(link(page, BRAVO)).toHaveAttribute('aria-current', 'page');
  await expect(link(page, ALPHA)).not.toHaveAttribute('aria-current', 'page');
  await expect(page.locator(`[data-message-id="${ids[1]!.slice(0, 8)}-sb-119"]`)).toBeVisible();
});

test('renames in place: Enter saves, Escape cancels, blank is refused; the header follows', async ({
  page,
}) => {
  await open(page, ids[1]!);
  const renamed = `Bravo renamed ${run}`;
  await link(page, BRAVO).dblclick();
  const field = sidebar(page).getByRole('textbox', { name: 'Workspace name' });
  await field.fill('Not kept');
  await field.press('Escape');
  await expect(link(page, BRAVO)).toBeVisible();

  await menu(page, BRAVO, 'Rename');
  await field.fill('   ');
  await field.press('Enter');
  await expect(page.getByRole('status')).toContainText('Workspace name is required');
  await expect(link(page, BRAVO)).toBeVisible();

  await link(page, BRAVO).dblclick();
  await field.fill(renamed);
  await page.screenshot({ path: `${SHOTS}/sidebar-rename-desktop.png` });
  await field.press('Enter');
  await expect(link(page, renamed)).toHaveAttribute('aria-current', 'page');
  await expect(title(page)).toContainText(renamed);
  // A workspace that is not the open one is renamed the same way.
  await menu(page, CHARLIE, 'Rename');
  await field.fill(`Charlie renamed ${run}`);
  await field.press('Enter');
  await expect(link(page, `Charlie renamed ${run}`)).toBeVisible();
  // Both back, for the tests that follow.
  for (const [now, before] of [
    [`Charlie renamed ${run}`, CHARLIE],
    [renamed, BRAVO],
  ] as const) {
    await menu(page, now, 'Rename');
    await field.fill(before);
    await field.press('Enter');
    await expect(link(page, before)).toBeVisible();
  }
});

test('a rename shows in another tab: its sidebar and, with the workspace open, its header', async ({
  page,
  context,
}) => {
  await open(page, ids[1]!);
  const other = await context.newPage();
  await other.setViewportSize({ width: 1280, height: 800 });
  await open(other, ids[1]!);
  const renamed = `Bravo elsewhere ${run}`;
  await menu(page, BRAVO, 'Rename');
  await sidebar(page).getByRole('textbox', { name: 'Workspace name' }).fill(renamed);
  await sidebar(page).getByRole('textbox', { name: 'Workspace name' }).press('Enter');
  await expect(link(other, renamed)).toBeVisible();
  await expect(title(other)).toContainText(renamed);
  await menu(other, renamed, 'Rename');
  await sidebar(other).getByRole('textbox', { name: 'Workspace name' }).fill(BRAVO);
  await sidebar(other).getByRole('textbox', { name: 'Workspace name' }).press('Enter');
  await expect(link(page, BRAVO)).toBeVisible();
  await expect(title(page)).toContainText(BRAVO);
  await other.close();
});

test('pins to the top, archives and brings back', async ({ page }) => {
  await open(page, ids[0]!);
  await menu(page, ALPHA, 'Pin');
  const pinned = sidebar(page).getByRole('list', { name: 'Pinned workspaces' });
  await expect(pinned).toContainText(ALPHA);
  await expect(sidebar(page).getByRole('list', { name: 'Recent workspaces' })).not.toContainText(
    ALPHA,
  );
  // Pinned stays on top after a reload (it is stored, per person).
  await page.reload();
  await expect(pinned).toContainText(ALPHA);

  await menu(page, CHARLIE, 'Archive');
  await expect(sidebar(page).getByRole('list', { name: 'Recent workspaces' })).not.toContainText(
    CHARLIE,
  );
  await sidebar(page)
    .getByRole('button', { name: /^Archived \(\d+\)$/ })
    .click();
  const archived = sidebar(page).getByRole('list', { name: 'Archived workspaces' });
  await expect(archived).toContainText(CHARLIE);
  await page.screenshot({ path: `${SHOTS}/sidebar-pinned-archived-desktop.png` });
  await menu(page, CHARLIE, 'Unarchive');
  await expect(sidebar(page).getByRole('list', { name: 'Recent workspaces' })).toContainText(
    CHARLIE,
  );
  await menu(page, ALPHA, 'Unpin');
  await expect(sidebar(page).getByRole('list', { name: 'Recent workspaces' })).toContainText(ALPHA);
});

test('deletes after confirmation, Undo restores; a confirmed deletion stays gone and its link fails', async ({
  page,
}) => {
  await open(page, ids[0]!);
  await menu(page, CHARLIE, 'Delete');
  const dialog = page.getByRole('dialog', { name: 'Delete workspace?' });
  await expect(dialog).toContainText(CHARLIE);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(link(page, CHARLIE)).toBeVisible();

  await menu(page, CHARLIE, 'Delete');
  await page.screenshot({ path: `${SHOTS}/sidebar-delete-dialog-desktop.png` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(link(page, CHARLIE)).toHaveCount(0);
  const flash = page.getByRole('status').filter({ hasText: CHARLIE });
  await expect(flash).toContainText('Deleted');
  await page.screenshot({ path: `${SHOTS}/sidebar-undo-flash-desktop.png` });
  await flash.getByRole('button', { name: 'Undo' }).click();
  await expect(link(page, CHARLIE)).toBeVisible();

  await menu(page, DELTA, 'Delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(link(page, DELTA)).toHaveCount(0);
  // Its link now finds no workspace: the server refuses it on the socket and over REST.
  const refusals: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload));
      if (frame.typ === 'server.error') refusals.push(frame.content.error);
    }),
  );
  await page.goto(`/w/${WORLD}/workspace?id=${ids[3]}`);
  await expect.poll(() => refusals.join('\n')).toContain('This workspace does not exist');
  // The page says so, with nowhere to type.
  await expect(page.getByRole('heading', { name: 'This workspace does not exist' })).toBeVisible();
  await expect(page.getByPlaceholder('Ask the experts...')).toHaveCount(0);
  await expect(page.locator(`[data-message-id^="${ids[3]!.slice(0, 8)}"]`)).toHaveCount(0);
  const status = await page.evaluate(async (id) => {
    const csrf = document.cookie.match(/(?:^|; )emgen_csrf=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/api/action', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': decodeURIComponent(csrf),
        'x-world-id': 'innovation-lab',
      },
      body: JSON.stringify({ action: 'open_workspace', workspace_id: id }),
    });
    return res.status;
  }, ids[3]);
  expect(status).toBe(404);
});

test('searches names and old messages, and jumps to the message found', async ({ page }) => {
  await open(page, ids[1]!);
  const search = sidebar(page).getByRole('searchbox', { name: 'Search workspaces' });
  const results = sidebar(page).getByRole('list', { name: 'Search results' });
  await search.fill(`Charlie ${run}`);
  // By its name (first), then by its messages, which say its name too.
  const byName = results.getByRole('link').filter({ hasText: 'Workspace name' });
  await expect(byName).toHaveCount(1);
  await expect(byName).toContainText(CHARLIE);
  await expect(results.getByRole('link').first()).toContainText('Workspace name');
  // Hostile input answers nothing, without an error.
  await search.fill('"* OR NEAR(');
  await expect(sidebar(page)).toContainText('No search results');

  await search.fill(WORD);
  const hit = results.getByRole('link').filter({ hasText: ALPHA });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText(WORD);
  await page.screenshot({ path: `${SHOTS}/sidebar-search-desktop.png` });
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`id=${ids[0]}.*message=${firstMessageId}`));
  const row = page.locator(`[data-message-id="${firstMessageId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toContainText(WORD);
  // The search is still there to try another result.
  await expect(search).toHaveValue(WORD);
  await expect(hit).toBeVisible();
});

test('New workspace goes the dashboard’s way: a draft, named on the management page', async ({
  page,
}) => {
  await open(page, ids[0]!);
  await sidebar(page).getByRole('button', { name: 'New workspace' }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${WORLD}/workspace-management\\?.*mode=create`));
  await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
});

test('folds away and stays folded on this browser', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, ids[0]!);
  await sidebar(page).getByRole('button', { name: 'Hide workspaces' }).click();
  await expect(sidebar(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show workspaces' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/sidebar-collapsed-desktop.png` });
  await page.getByRole('button', { name: 'Show workspaces' }).click();
  await expect(sidebar(page)).toBeVisible();
});

test('is a drawer on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/w/${WORLD}/workspace?id=${ids[0]}`);
  await expect(page.getByRole('button', { name: 'Open workspaces' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/sidebar-phone-closed.png` });
  await page.getByRole('button', { name: 'Open workspaces' }).click();
  await expect(link(page, ALPHA)).toHaveAttribute('aria-current', 'page');
  // Slid in all the way before the picture is taken.
  await expect(sidebar(page)).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${SHOTS}/sidebar-phone-drawer.png` });
  await sidebar(page).getByRole('searchbox', { name: 'Search workspaces' }).fill(WORD);
  await expect(sidebar(page).getByRole('list', { name: 'Search results' })).toContainText(ALPHA);
  await expect(sidebar(page).locator('mark')).toHaveText(WORD);
  await page.screenshot({ path: `${SHOTS}/sidebar-phone-search.png` });
  await sidebar(page).getByRole('searchbox', { name: 'Search workspaces' }).fill('');
  await link(page, BRAVO).click();
  await expect(page).toHaveURL(new RegExp(`id=${ids[1]}`));
  await expect(sidebar(page)).toHaveCount(0);
  await expect(title(page)).toContainText(BRAVO);
});
