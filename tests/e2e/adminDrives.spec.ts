import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInByApi } from './fixtures';

const FILES = 25;

/** The CSRF header and the admin's active world (the world of the /admin pages). */
async function session(page: Page) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === 'emgen_csrf')?.value ?? '';
  const headers = { 'x-csrf-token': decodeURIComponent(csrf) };
  const user = await page.request.post('/api/user', { headers, data: {} });
  expect(user.status()).toBe(200);
  const world = ((await user.json()) as { active_world: string }).active_world;
  return { headers: { ...headers, 'x-world-id': world }, world };
}

/**
 * Puts 25 markdown files into the Library drive through the real upload API,
 * all in one folder, all tagged `tag`, all containing `word`.
 */
async function uploadFiles(page: Page, stamp: number) {
  const { headers } = await session(page);
  // Sorts after the seeded folders, so other tests' first pages still show the seed documents.
  const folder = `zz-admin-e2e-${stamp}`;
  const tag = `paging-${stamp}`;
  const word = `quasar${stamp}`;
  const form = new FormData();
  form.append('path', folder);
  form.append('tags', `${tag},admin-e2e`);
  for (let i = 0; i < FILES; i++) {
    const name = `note-${String(i).padStart(2, '0')}.md`;
    const body = `# Note ${i}\n\nThe ${word} observation number ${i}.\n`;
    form.append('file', new Blob([body], { type: 'text/markdown' }), name);
  }
  const res = await page.request.post('/api/drives/Library/files', { multipart: form, headers });
  expect(res.status()).toBe(200);
  return { folder, tag, word };
}

const showing = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

test('admin home shows the four areas, each linking to its page', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin');
  const areas = page.getByRole('navigation', { name: 'Admin areas' });
  for (const title of [
    'EMDrive Management',
    'Cross-Drive Search',
    'Applications Management',
    'Command Registry',
  ]) {
    await expect(areas.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  await areas.getByRole('link', { name: /EMDrive Management/ }).click();
  await expect(page).toHaveURL(/\/admin\/emdrive$/);
  await expect(page.getByRole('heading', { name: 'Library' })).toBeVisible();
});

test('a drive’s files page pages by 20 and filters by tag', async ({ page }) => {
  await signInByApi(page);
  const { folder, tag } = await uploadFiles(page, Date.now());

  await page.goto('/admin/emdrive');
  const library = page.getByRole('link', { name: 'Library' });
  await expect(library).toContainText(/\d+ files/);
  await expect(library.getByText(/^\+\d+ more$/)).toBeVisible();
  await library.click();
  await expect(page).toHaveURL(/\/admin\/emdrive\/Library$/);

  // The whole drive: the 34 seeded files, ours, and whatever other tests uploaded.
  const pager = showing(page);
  await expect(pager).toContainText(/Showing 1 to 20 of \d+ results/);
  const total = Number(/of (\d+) results/.exec((await pager.textContent()) ?? '')![1]);
  expect(total).toBeGreaterThanOrEqual(34 + FILES);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(`Showing 21 to 40 of ${total} results`);
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText(`Showing 1 to 20 of ${total} results`);

  // Our tag: exactly our 25 files, on two pages.
  const filter = page.getByRole('group', { name: 'Filter by tag' });
  await filter.getByRole('button', { name: tag, exact: true }).click();
  await expect(pager).toContainText(`Showing 1 to 20 of ${FILES} results`);
  const table = page.getByRole('table', { name: 'Files of Library' });
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(table).toContainText(`${folder}/note-00.md`);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(`Showing 21 to ${FILES} of ${FILES} results`);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(table.getByRole('row')).toHaveCount(FILES - 20 + 1);
  await expect(table).toContainText(`${folder}/note-24.md`);

  // A row opens the admin file viewer.
  await table.getByText(`${folder}/note-24.md`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/emdrive/Library/file/${folder}/note-24\\.md$`));
  await expect(page.getByTestId('text-preview')).toContainText('# Note 24');
});

test('a cross-drive search finds 25 results, 20 first, then loads the rest', async ({ page }) => {
  await signInByApi(page);
  const { folder, word } = await uploadFiles(page, Date.now());
  await page.goto('/admin/search');
  const results = page.getByRole('list', { name: 'Search results' });
  const box = page.getByRole('textbox', { name: 'Search all drives' });
  // The indexer runs in the background: search until it has caught up.
  await expect(async () => {
    await box.fill(word);
    await box.press('Enter');
    await expect(page.getByText(`Found ${FILES} results across 1 drive`)).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  const cards = results.locator('> li');
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText('Library');
  await expect(cards.first()).toContainText('Markdown document');
  await expect(cards.first()).toContainText('%');

  await page.getByRole('button', { name: 'Load more results' }).click();
  await expect(cards).toHaveCount(FILES);
  await expect(page.getByText('All results loaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more results' })).toHaveCount(0);

  await cards.filter({ hasText: `${folder}/note-07.md` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/emdrive/Library/file/${folder}/note-07\\.md$`));
});

test('someone who is not an admin of the world sees the 403 message', async ({ page }) => {
  const who = newAccount(['innovation-lab']);
  await signInByApi(page, who);
  await page.goto('/admin/emdrive');
  await expect(page.getByText(/403 — Administrators of this world only/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'EMDrives' })).toHaveCount(0);
});
