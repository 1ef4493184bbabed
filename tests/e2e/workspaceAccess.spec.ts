import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, signInThroughPortal } from './fixtures';

/**
 * Who may open a workspace (issue 20), in two browsers: a private
 * workspace's URL refused to another member of the world, a stale link, and
 * an invitation from Configure Workspace after which both meet live.
 * Screenshots of each state at 1280×800 and 390×844 go to .tmp/shots/.
 */
const WORLD = 'innovation-lab';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const s of SIZES) {
    await page.setViewportSize(s);
    await page.screenshot({
      path: `.tmp/shots/access-${name}-${s.width}x${s.height}.png`,
      animations: 'disabled',
    });
  }
  if (size) await page.setViewportSize(size);
}

async function personIn(browser: Browser) {
  const who = newAccount([WORLD]);
  const context = await browser.newContext({ viewport: SIZES[0] });
  const page = await context.newPage();
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(new RegExp(`/w/${WORLD}/dashboard$`));
  return { who, page, close: () => context.close() };
}

/** A new workspace with Chrono, made through the dashboard as a person does; its URL. */
async function createWorkspace(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/mode=create$/);
  await page.getByRole('button', { name: /Chrono/ }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByPlaceholder('Enter workspace name').fill(name);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${WORLD}/workspace\\?id=[^&]+$`));
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

const transcript = (page: Page) => page.getByRole('list', { name: 'Meeting transcript' });

async function say(page: Page, text: string) {
  const box = page.getByPlaceholder('Ask the experts...');
  await box.fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');
}

test('a private workspace is refused by URL; invited from Configure Workspace, both meet live', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ann = await personIn(browser);
  const bob = await personIn(browser);
  try {
    const url = await createWorkspace(ann.page, 'Private plans');
    await say(ann.page, 'Only for the two of us');
    await expect(transcript(ann.page)).toContainText('Only for the two of us');

    // Bob has the link but is no participant: the refusal, a way back, no transcript, no box.
    await bob.page.goto(url);
    await expect(
      bob.page.getByRole('heading', { name: 'This workspace is not open to you' }),
    ).toBeVisible();
    await expect(bob.page.getByText('Only for the two of us')).toHaveCount(0);
    await expect(bob.page.getByPlaceholder('Ask the experts...')).toHaveCount(0);
    await expect(transcript(bob.page)).toHaveCount(0);
    await shoot(bob.page, 'forbidden');
    // The dashboard's history does not list it for him either.
    await bob.page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(bob.page).toHaveURL(new RegExp(`/w/${WORLD}/dashboard$`));
    await expect(bob.page.getByRole('link', { name: /Welcome meeting/ })).toBeVisible();
    await expect(bob.page.getByRole('link', { name: /Private plans/ })).toHaveCount(0);
    // Its management page refuses him too.
    await bob.page.goto(url.replace('/workspace?', '/workspace-management?') + '&mode=edit');
    await expect(
      bob.page.getByRole('heading', { name: 'This workspace is not open to you' }),
    ).toBeVisible();

    // Ann invites Bob from Configure Workspace → Settings.
    await ann.page.getByRole('link', { name: 'Configure Workspace' }).click();
    await expect(ann.page).toHaveURL(/mode=edit$/);
    await ann.page.getByRole('tab', { name: 'Settings' }).click();
    const people = ann.page.getByRole('list', { name: 'People with access' });
    await expect(people).toContainText(ann.who.name);
    await expect(people).toContainText('Creator');
    await expect(ann.page.getByLabel('Share with everyone in this world')).not.toBeChecked();
    await shoot(ann.page, 'sharing');
    await ann.page.getByLabel('Invite people').fill(bob.who.email);
    await ann.page.getByRole('option', { name: new RegExp(bob.who.name) }).click();
    await expect(ann.page.getByRole('button', { name: 'Invite', exact: true })).toBeEnabled();
    await shoot(ann.page, 'invite-chosen');
    await ann.page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(people).toContainText(bob.who.name);
    await expect(ann.page.getByRole('button', { name: `Remove ${bob.who.name}` })).toBeVisible();
    await shoot(ann.page, 'invited');
    await ann.page.getByRole('button', { name: 'Cancel' }).click();
    await expect(ann.page).toHaveURL(url);

    // Bob opens the same link: the workspace, its history, and they meet live both ways.
    await bob.page.goto(url);
    await expect(transcript(bob.page)).toContainText('Only for the two of us');
    await say(bob.page, 'Bob here, thanks for the invite');
    await expect(transcript(ann.page)).toContainText('Bob here, thanks for the invite');
    await say(ann.page, 'Welcome, Bob');
    await expect(transcript(bob.page)).toContainText('Welcome, Bob');

    // Bob sees who has access but cannot change it.
    await bob.page.getByRole('link', { name: 'Configure Workspace' }).click();
    await bob.page.getByRole('tab', { name: 'Settings' }).click();
    await expect(bob.page.getByRole('list', { name: 'People with access' })).toContainText(
      ann.who.name,
    );
    await expect(bob.page.getByLabel('Share with everyone in this world')).toBeDisabled();
    await expect(bob.page.getByLabel('Invite people')).toHaveCount(0);
    await expect(
      bob.page.getByText(
        'Only the creator of this workspace or a world admin can change who may open it.',
      ),
    ).toBeVisible();
    await shoot(bob.page, 'sharing-read-only');
  } finally {
    await ann.close();
    await bob.close();
  }
});

test('a stale link says the workspace does not exist, with a way back and no message box', async ({
  browser,
}) => {
  const bob = await personIn(browser);
  try {
    await bob.page.goto(`/w/${WORLD}/workspace?id=no-such-workspace`);
    await expect(
      bob.page.getByRole('heading', { name: 'This workspace does not exist' }),
    ).toBeVisible();
    await expect(bob.page.getByPlaceholder('Ask the experts...')).toHaveCount(0);
    await expect(bob.page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      `/w/${WORLD}/dashboard`,
    );
    await shoot(bob.page, 'missing');
    await bob.page.goto(`/w/${WORLD}/workspace-management?id=no-such-workspace&mode=edit`);
    await expect(
      bob.page.getByRole('heading', { name: 'This workspace does not exist' }),
    ).toBeVisible();
    await shoot(bob.page, 'missing-management');
  } finally {
    await bob.close();
  }
});
