import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../server/config';
import { openConfiguredStore } from '../../server/store';
import { signInByApi } from './fixtures';
import { ask, DESKTOP, messageOf, PHONE, screens } from './meetingPage';
import { E2E_ADMIN } from './serverProcess';

/**
 * Files in the conversation and export (issue 20): a finder file and files
 * attached by paperclip, drop and paste show as chips; the Librarian (offline
 * engine) answers from an attached file and links it; the conversation is
 * exported as Markdown and JSON and printed.
 */

const WORLD = 'innovation-lab';
const stamp = Date.now();
const ZEPHYR = `zephyr-${stamp}.md`;
/** Short enough for a phone's header. */
const NAME = `Kiln notes ${String(stamp).slice(-4)}`;
const ZEPHYR_TEXT =
  '# Project Zephyr\n\nThe Zephyr prototype kiln fires at exactly 1284 degrees for glazing.\n\n' +
  '## Team\n\nThe kiln team meets on Thursdays.\n';

let workspaceId: string;

/** A workspace of its own with the Librarian and the documents provider (nothing shared). */
test.beforeAll(async () => {
  const config = loadConfig({
    DATA_DIR: process.env.E2E_DATA_DIR!,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  });
  const store = await openConfiguredStore(config, { sessionTtlMs: 3600_000 });
  try {
    const admin = await store.users.byEmail(E2E_ADMIN.email);
    const ws = await store.workspaces.create({
      worldId: WORLD,
      name: NAME,
      createdBy: admin!.id,
    });
    await store.workspaces.addExpert(ws.id, 'librarian');
    await store.workspaces.addToolProvider(ws.id, 'documents');
    workspaceId = ws.id;
  } finally {
    await store.close();
  }
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

const url = () => `/w/${WORLD}/workspace?id=${workspaceId}`;
const filesBar = (page: Page) => page.getByRole('region', { name: 'Workspace files' });
const chip = (page: Page, name: string) => filesBar(page).getByRole('link', { name });

test.describe.configure({ mode: 'serial' });

test('Add File to Workspace in the finder shows the file as a chip that opens the viewer', async ({
  page,
}, info) => {
  await page.goto(url());
  await expect(page.getByPlaceholder('Ask the experts...')).toBeVisible();
  await expect(filesBar(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open File Finder' }).click();
  const finder = page.getByRole('dialog', { name: /File Finder/ });
  await finder.getByRole('list', { name: 'Drives' }).getByText('Library').click();
  await finder
    .getByRole('list', { name: 'Files' })
    .getByText('remote-work-policy.md', { exact: true })
    .click();
  await finder.getByRole('button', { name: 'Add File to Workspace' }).click();
  await expect(page.getByText('File added to workspace successfully')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(finder).toBeHidden();
  await expect(chip(page, 'remote-work-policy.md')).toBeVisible();
  await expect(chip(page, 'remote-work-policy.md')).toHaveAttribute(
    'href',
    /\/w\/innovation-lab\/emdrive\/Library\/file\/.*remote-work-policy\.md$/,
  );
  await screens(page, info, 'files-finder-chip');
});

test('paperclip, drop and paste attach files; the text typed is kept', async ({ page }, info) => {
  await page.goto(url());
  const box = page.getByPlaceholder('Ask the experts...');
  await box.fill('a draft I am still writing');

  // Progress shows on a chip while the file goes up (watched as it happens).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const list = document.querySelector('[aria-label="Attachments uploading"]');
      if (list) seen.push(list.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('attach-input').setInputFiles({
    name: ZEPHYR,
    mimeType: 'text/markdown',
    buffer: Buffer.from(ZEPHYR_TEXT),
  });
  await expect(chip(page, ZEPHYR)).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.some((s) => s.includes(ZEPHYR) && s.includes('%'))).toBe(true);

  // Drop: a DataTransfer with a file, as the browser builds it for a drop from the desktop.
  const dropped = `dropped-${stamp}.txt`;
  const transfer = await page.evaluateHandle((name) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['Dropped notes about glazing.'], name, { type: 'text/plain' }));
    return dt;
  }, dropped);
  const zone = page.getByTestId('message-box');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await screens(page, info, 'files-drop-over');
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(chip(page, dropped)).toBeVisible();

  // Paste of a file from the clipboard.
  const pasted = `pasted-${stamp}.txt`;
  await box.evaluate((el, name) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['Pasted notes.'], name, { type: 'text/plain' }));
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  }, pasted);
  await expect(chip(page, pasted)).toBeVisible();

  await expect(box).toHaveValue('a draft I am still writing');
  await screens(page, info, 'files-attached');

  // The x takes a file off the workspace (the drive keeps it).
  await filesBar(page).getByLabel(`Remove ${pasted} from the workspace`).click();
  await expect(chip(page, pasted)).toHaveCount(0);
  const kept = await page.request.get(`/api/drives/Library/files/uploads/${pasted}`, {
    headers: { 'X-World-Id': WORLD },
  });
  expect(kept.status()).toBe(200);
});

test('a failed upload says so in words on its chip, and the draft stays', async ({
  page,
}, info) => {
  await page.goto(url());
  const box = page.getByPlaceholder('Ask the experts...');
  await box.fill('still here');
  // A name the drive refuses (a control character): the upload path answers 400 with its reason.
  await page.getByTestId('attach-input').setInputFiles({
    name: 'bad\u0001name.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  const failed = page.getByRole('list', { name: 'Attachments uploading' }).getByRole('alert');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('bad');
  await expect(box).toHaveValue('still here');
  await screens(page, info, 'files-upload-failed');
});

test('the Librarian answers from the attached file, says so and links it', async ({
  page,
}, info) => {
  // Indexed in the background within seconds of the upload.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/drives/Library/files/uploads/${ZEPHYR}`, {
          headers: { 'X-World-Id': WORLD },
        });
        return ((await res.json()) as { data?: { IndexState?: string } }).data?.IndexState;
      },
      { timeout: 20_000 },
    )
    .toBe('indexed');
  await page.goto(url());
  await ask(page, '@Librarian Lee, which temperature does the Zephyr kiln fire at?');
  const answer = messageOf(page, 'Librarian Lee');
  await expect(answer).toContainText("In this workspace's files, the closest passage is in", {
    timeout: 20_000,
  });
  await expect(answer).toContainText('1284 degrees');
  await expect(answer.getByRole('link', { name: `uploads/${ZEPHYR}` })).toHaveAttribute(
    'href',
    `/w/${WORLD}/emdrive/Library/file/uploads/${ZEPHYR}`,
  );
  await screens(page, info, 'files-librarian');
});

test('exports the conversation as Markdown and JSON from the header menu', async ({
  page,
}, info) => {
  await page.goto(url());
  await page.getByRole('button', { name: 'Workspace menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Print' })).toBeVisible();
  await page.waitForTimeout(400); // the menu's fade-in, for the picture
  await screens(page, info, 'files-menu');
  // The menu open on a phone too (resizing closed it).
  await page.keyboard.press('Escape');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Workspace menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Print' })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: info.outputPath('files-menu-open-phone.png') });
  await page.keyboard.press('Escape');
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('menu')).toBeHidden();
  await page.getByRole('button', { name: 'Workspace menu' }).click();

  const [md] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export as Markdown' }).click(),
  ]);
  expect(md.suggestedFilename()).toBe(`${NAME.replace(/ /g, '-')}.md`);
  const markdown = fs.readFileSync((await md.path())!, 'utf8');
  expect(markdown.startsWith(`# ${NAME}\n`)).toBe(true);
  expect(markdown).toContain('which temperature does the Zephyr kiln fire at');
  expect(markdown).toMatch(/### Librarian Lee · \d{4}-/);
  expect(markdown).toContain('1284 degrees');
  expect(markdown).toContain(`[${ZEPHYR}](/w/${WORLD}/emdrive/Library/file/uploads/${ZEPHYR})`);

  await page.getByRole('button', { name: 'Workspace menu' }).click();
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export as JSON' }).click(),
  ]);
  const doc = JSON.parse(fs.readFileSync((await json.path())!, 'utf8'));
  expect(doc.version).toBe(1);
  expect(doc.workspace).toMatchObject({ id: workspaceId, name: NAME });
  expect(doc.messages.map((m: { name: string }) => m.name)).toEqual([
    'Administrator',
    'Librarian Lee',
  ]);
  expect(doc.files.map((f: { name: string }) => f.name)).toEqual(
    expect.arrayContaining(['remote-work-policy.md', ZEPHYR]),
  );
  expect(doc.research.length).toBeGreaterThan(0);
  expect(doc.traces.length).toBeGreaterThan(0);
});

test('Print opens the whole conversation on a print view and the print dialog', async ({
  page,
  context,
}, info) => {
  await context.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.goto(url());
  await page.getByRole('button', { name: 'Workspace menu' }).click();
  const [view] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: 'Print' }).click(),
  ]);
  await expect(view.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  const conversation = view.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('article')).toHaveCount(2);
  await expect(conversation).toContainText('1284 degrees');
  await expect(view.getByRole('heading', { name: 'Research' })).toBeVisible();
  await expect
    .poll(() => view.evaluate(() => (window as unknown as { printed: number }).printed))
    .toBe(1);
  await screens(view, info, 'files-print');
  await view.emulateMedia({ media: 'print' });
  await view.screenshot({ path: info.outputPath('files-print-media.png'), fullPage: true });
  await expect(view.getByRole('button', { name: 'Print' })).toBeHidden();
});
