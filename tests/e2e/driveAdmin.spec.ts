import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';

/**
 * Administering drives in Chromium (issue 21): delete from the admin table
 * and Undo, move a folder and see the finder follow, retag, re-upload the
 * same name (Replace: two versions, the old one downloads; Keep both: a
 * second file), create and rename a drive. Each test works in a drive of
 * its own, so the shared server's other tests see nothing change.
 */

const SCREENS = '.tmp/screens';
const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';

async function session(page: Page) {
  const cookies = await page.context().cookies();
  const csrf = decodeURIComponent(cookies.find((c) => c.name === 'emgen_csrf')?.value ?? '');
  return { 'x-csrf-token': csrf, 'x-world-id': 'innovation-lab' };
}

/** A new drive holding `files` (path → text), made through the real API. */
async function driveWith(page: Page, name: string, files: Record<string, string>) {
  const headers = await session(page);
  expect((await page.request.post('/api/drives', { headers, data: { name } })).status()).toBe(200);
  for (const [path, text] of Object.entries(files)) {
    const slash = path.lastIndexOf('/');
    const form = new FormData();
    if (slash > 0) form.append('path', path.slice(0, slash));
    form.append('tags', 'e2e');
    form.append('file', new Blob([text], { type: 'text/plain' }), path.slice(slash + 1));
    const res = await page.request.post(`/api/drives/${encodeURIComponent(name)}/files`, {
      multipart: form,
      headers,
    });
    expect(res.status()).toBe(200);
  }
}

const table = (page: Page, drive: string) => page.getByRole('table', { name: `Files of ${drive}` });

test.beforeEach(async ({ page }) => {
  // Several pages, dialogs and uploads each: more than the default 30 s on a busy machine.
  test.slow();
  await signInByApi(page);
});

test('delete a file from the admin table, then Undo', async ({ page }) => {
  const drive = `zz del ${Date.now()}`;
  await driveWith(page, drive, { 'reports/q1.txt': 'first quarter', 'reports/q2.txt': 'second' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/emdrive/${encodeURIComponent(drive)}`);
  await expect(table(page, drive)).toContainText('q1.txt');
  await page.getByRole('checkbox', { name: 'Select reports/q1.txt' }).check();
  const bar = page.getByRole('toolbar', { name: 'Selected files' });
  await expect(bar).toContainText('1 selected');
  await page.screenshot({ path: `${SCREENS}/drive-admin-selection-desktop.png` });
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete "reports/q1.txt"?' });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/drive-admin-confirm-desktop.png` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted 1 file' })).toBeVisible();
  await expect(table(page, drive)).not.toContainText('q1.txt');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Restored' })).toBeVisible();
  await expect(table(page, drive)).toContainText('q1.txt');

  // A phone: cards with whole names, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: `Files of ${drive}` });
  await expect(cards.getByRole('listitem', { name: 'reports/q1.txt' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select reports/q2.txt' }).check();
  await page.screenshot({ path: `${SCREENS}/drive-admin-selection-phone.png`, fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(2500);
  await page
    .getByRole('toolbar', { name: 'Selected files' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.screenshot({ path: `${SCREENS}/drive-admin-confirm-phone.png` });
});

test('move a folder from the admin table and see the finder follow; retag a file', async ({
  page,
}) => {
  const drive = `zz move ${Date.now()}`;
  await driveWith(page, drive, { 'old/a.txt': 'alpha', 'old/b.txt': 'beta' });
  await page.goto(`/admin/emdrive/${encodeURIComponent(drive)}`);
  await page.getByRole('button', { name: 'Show folder old' }).first().click();
  const folderBar = page.getByRole('toolbar', { name: 'Folder' });
  await folderBar.getByRole('button', { name: 'Rename or move folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename or move folder "old"' });
  await dialog.getByLabel('New folder path').fill('archive/new');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved 2 files' })).toBeVisible();
  await expect(table(page, drive)).toContainText('archive/new/a.txt'.split('/').pop()!);
  await expect(table(page, drive)).not.toContainText('old');

  await page.getByRole('checkbox', { name: 'Select archive/new/a.txt' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected files' })
    .getByRole('button', { name: 'Retag' })
    .click();
  const tags = page.getByRole('dialog', { name: /Tags of/ });
  await tags.getByLabel('Tags').fill('e2e, reviewed');
  await tags.getByRole('button', { name: 'Save tags' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tags saved' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags of archive/new/a.txt' })).toContainText(
    'reviewed',
  );

  await page.goto(WORKSPACE);
  await page.getByRole('button', { name: 'Open File Finder' }).click();
  const finder = page.getByRole('dialog', { name: /File Finder/ });
  await finder.getByRole('list', { name: 'Drives' }).getByText(drive).click();
  const files = finder.getByRole('list', { name: 'Files' });
  await expect(files).toContainText('archive/new/a.txt');
  await expect(files).toContainText('archive/new/b.txt');
  await expect(files).not.toContainText('old/a.txt');
});

test('re-upload the same name: Replace keeps a version, Keep both adds a file', async ({
  page,
}) => {
  const drive = `zz up ${Date.now()}`;
  await driveWith(page, drive, { 'notes.txt': 'the first words' });
  await page.goto(WORKSPACE);
  await page.getByRole('button', { name: 'Open File Finder' }).click();
  const finder = page.getByRole('dialog', { name: /File Finder/ });
  await finder.getByRole('list', { name: 'Drives' }).getByText(drive).click();

  const send = async (text: string, choice: 'Replace' | 'Keep both', shot?: string) => {
    await finder.getByRole('button', { name: 'Upload' }).click();
    const upload = page.getByRole('dialog', { name: /Upload Files/ });
    await upload
      .getByTestId('upload-input')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) }]);
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(upload.getByText('"notes.txt" is already in')).toBeVisible();
    if (shot) await page.screenshot({ path: `${SCREENS}/${shot}` });
    await upload.getByRole('button', { name: choice, exact: true }).click();
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(upload).toBeHidden();
  };
  await page.setViewportSize({ width: 1280, height: 800 });
  await send('the second words', 'Replace', 'drive-upload-replace-desktop.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await send('a different file', 'Keep both', 'drive-upload-replace-phone.png');
  const files = finder.getByRole('list', { name: 'Files' });
  await expect(files).toContainText('notes (2).txt');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/w/innovation-lab/emdrive/${encodeURIComponent(drive)}/file/notes.txt`);
  const versions = page.getByRole('list', { name: 'Versions of notes.txt' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions).toContainText('Version 2');
  await page.screenshot({ path: `${SCREENS}/drive-versions-desktop.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download version 1' }).click();
  const file = await download;
  const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
  expect(bytes.toString()).toBe('the first words');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/drive-versions-phone.png`, fullPage: true });
});

test('create and rename a drive; the list shows storage per drive', async ({ page }) => {
  const name = `zz made ${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/emdrive');
  await page.getByRole('button', { name: 'New drive' }).click();
  const create = page.getByRole('dialog', { name: 'New drive' });
  await create.getByLabel('Drive name').fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: `Rename drive ${name}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename drive ${name}` });
  await rename.getByLabel('Drive name').fill(`${name} renamed`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { name: `${name} renamed` })).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true })).toBeHidden();
  await expect(page.getByRole('list', { name: 'EMDrives' })).toContainText('Versions:');
  await page.screenshot({ path: `${SCREENS}/drive-list-storage-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/drive-list-storage-phone.png` });
});
