import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';

async function openFinder(page: Page) {
  await page.goto(WORKSPACE);
  await page.getByRole('button', { name: 'Open File Finder' }).click();
  const finder = page.getByRole('dialog', { name: /File Finder/ });
  await expect(finder).toBeVisible();
  await finder.getByRole('list', { name: 'Drives' }).getByText('Library').click();
  return finder;
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('upload two files with progress, find one by text search, preview it, add it to the workspace', async ({
  page,
}) => {
  const stamp = Date.now();
  const finder = await openFinder(page);
  await expect(finder.getByRole('list', { name: 'Files' })).toContainText('remote-work-policy.md');

  await finder.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog', { name: /Upload Files/ });
  await upload.getByTestId('upload-input').setInputFiles([
    {
      name: `field-notes-${stamp}.md`,
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        `# Field notes ${stamp}\n\nThe quokka survey found **seventeen** burrows near the ridge.\n`,
      ),
    },
    {
      name: `checklist-${stamp}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from('Pack water, map and compass.\n'.repeat(2000)),
    },
  ]);
  await expect(
    upload.getByRole('list', { name: 'Files to upload' }).getByRole('listitem'),
  ).toHaveCount(2);
  // Record every value the per-file progress bars show while uploading.
  await page.evaluate(() => {
    const seen: Record<string, number[]> = {};
    (window as unknown as { progress: typeof seen }).progress = seen;
    new MutationObserver(() => {
      const bars = document.querySelectorAll(
        '[role=progressbar][aria-label^="Upload progress for"]',
      );
      for (const bar of bars) {
        (seen[bar.getAttribute('aria-label')!] ??= []).push(
          Number(bar.getAttribute('aria-valuenow')),
        );
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload).toBeHidden(); // closes only when every file uploaded
  const progress = await page.evaluate(
    () => (window as unknown as { progress: Record<string, number[]> }).progress,
  );
  expect(Object.keys(progress)).toHaveLength(2);
  for (const values of Object.values(progress)) expect(Math.max(...values)).toBe(100);

  // Searchable within seconds: the indexer runs in the background.
  const search = finder.getByRole('textbox', { name: 'Search files' });
  await expect(async () => {
    await search.fill('');
    await search.fill('quokka');
    await expect(finder.getByRole('list', { name: 'Search results' })).toContainText(
      `field-notes-${stamp}.md`,
      {
        timeout: 2000,
      },
    );
  }).toPass({ timeout: 15_000 });
  await finder
    .getByRole('list', { name: 'Search results' })
    .getByText(`field-notes-${stamp}.md`)
    .first()
    .click();
  const preview = finder.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: `Field notes ${stamp}` })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'seventeen' })).toBeVisible();

  await finder.getByRole('button', { name: 'Add File to Workspace' }).click();
  await expect(page.getByText('File added to workspace successfully')).toBeVisible();
});

test('a PDF from the drive renders a page in the file viewer, with download', async ({ page }) => {
  await page.goto('/w/innovation-lab/emdrive/Library/file/sales/case-study-hartley-plumbing.pdf');
  await expect(page.getByText('sales/case-study-hartley-plumbing.pdf').first()).toBeVisible();
  await expect(page.locator('.react-pdf__Page canvas').first()).toBeVisible({ timeout: 20_000 });
  // The file's own Download (the versions list below has one per earlier version).
  const download = page.getByRole('link', { name: 'Download', exact: true });
  await expect(download).toHaveAttribute('href', /download=true/);
  const response = await page.request.get(String(await download.getAttribute('href')));
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
});

test('Open in File Viewer goes to the full viewer, which renders markdown', async ({ page }) => {
  const finder = await openFinder(page);
  await finder
    .getByRole('list', { name: 'Files' })
    .getByText('handbook/travel-and-expenses.md')
    .click();
  await finder.getByRole('button', { name: 'Open in File Viewer' }).click();
  await expect(page).toHaveURL(/\/emdrive\/Library\/file\/handbook/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The file's own Download, not the versions list's (it lists the current version too).
  await expect(page.getByRole('link', { name: 'Download', exact: true })).toBeVisible();
});

test("the Librarian answers from the world's documents and cites them", async ({ page }) => {
  await page.goto(WORKSPACE);
  for (const name of ['Ada Quant', 'Chrono', 'Scout', 'Devon Code']) {
    await page.getByRole('button', { name: new RegExp(name) }).click();
  }
  await page
    .getByPlaceholder('Ask the experts...')
    .fill('What does our travel policy say about hotels?');
  await page.getByRole('button', { name: 'Send' }).click();
  const lee = page
    .getByRole('list', { name: 'Meeting transcript' })
    .getByRole('listitem')
    .filter({ has: page.getByText('Librarian Lee', { exact: true }) })
    .last();
  await expect(lee).toContainText('handbook/travel-and-expenses.md', { timeout: 15_000 });
  // What a document says about a topic is summarised from it (issue 17), each sentence cited.
  await expect(lee).toContainText('Hotel, London — £180 per night');
  await expect(
    page.getByTestId('trace').filter({ hasText: 'Librarian Lee · drive_summarize' }).first(),
  ).toBeVisible();
});
