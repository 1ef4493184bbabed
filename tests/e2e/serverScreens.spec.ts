import { expect, test, type Page } from '@playwright/test';
import { COMPONENT_NAMES } from '../../protocol';
import { newAccount, signInThroughPortal } from './fixtures';

const sidebarExperts = (page: Page) =>
  page.getByRole('list', { name: 'Experts' }).getByRole('button');

async function signedIn(page: Page) {
  const who = newAccount(['innovation-lab']);
  await signInThroughPortal(page, who);
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
  return who;
}

test("an expert's home page by app and page name starts a workspace with that expert", async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/a/experts/p/ada-quant');
  await expect(page.getByText('Loading...')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Ada Quant', exact: true })).toBeVisible();
  await expect(page.getByText(/checks every number twice/)).toBeVisible();
  await expect(page.getByTestId('invalid-component')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
    'href',
    '/w/innovation-lab/dashboard',
  );

  await page.getByRole('button', { name: 'What is 12.5% of 2,480?' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/workspace\?id=[^&]+$/);
  await expect(sidebarExperts(page)).toHaveCount(1);
  await expect(sidebarExperts(page).filter({ hasText: 'Ada Quant' })).toHaveCount(1);
});

test("a missing page shows 'Page Not Available' with the reason and a way back", async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/a/experts/p/nobody');
  await expect(page.getByRole('heading', { name: 'Page Not Available' })).toBeVisible();
  await expect(page.getByText('Page "nobody" not found in app "experts"')).toBeVisible();
  await expect(page.getByText("The expert's homepage will be available soon.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);

  await page.goto('/u1/page');
  await expect(
    page.getByText('Invalid page configuration: requires either path or appname+pagename'),
  ).toBeVisible();
});

test('the onboarding flow runs from its first screen to a workspace that exists', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/flow?id=onboarding');
  await expect(page.getByTestId('flow-step')).toHaveText('Step 1 of 5');
  await page.getByRole('button', { name: /Numbers & finance/ }).click();
  await expect(page.getByText('Which tools should your experts use?')).toBeVisible();
  await page.getByRole('button', { name: /Calculator/ }).click();
  await expect(page.getByText('What should the workspace be called?')).toBeVisible();

  const box = page.getByPlaceholder('Send message...');
  await box.fill('   ');
  await box.press('Enter');
  await expect(page.getByText('What should the workspace be called?')).toBeVisible();
  await box.fill('Budget 2027');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(page.getByText('Summary')).toBeVisible();
  await expect(page.getByText('Budget 2027')).toBeVisible();

  // A reload resumes the flow where it was.
  await page.reload();
  await expect(page.getByText('Summary')).toBeVisible();

  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByText('Your workspace is ready')).toBeVisible();
  await page.getByRole('button', { name: 'Open workspace' }).click();
  await expect(page).toHaveURL(/\/w\/innovation-lab\/workspace\?id=[^&]+$/);
  await expect(page.getByText('Budget 2027').first()).toBeVisible();
  await expect(sidebarExperts(page).filter({ hasText: 'Ada Quant' })).toHaveCount(1);
});

test('the flow background choice survives a reload', async ({ page }) => {
  await signedIn(page);
  await page.goto('/consultant-dialogue');
  await expect(page.getByText('One moment please...')).toBeHidden();
  await expect(page.getByTestId('flow-page')).toHaveAttribute('data-background', 'purple');
  await page.getByRole('radio', { name: 'blue background' }).click();
  await expect(page.getByTestId('flow-page')).toHaveAttribute('data-background', 'blue');
  await page.reload();
  await expect(page.getByTestId('flow-page')).toHaveAttribute('data-background', 'blue');
});

test('the embedded component element renders good data and names what is wrong with bad data', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/webcomponents-test');
  await expect(page.getByText('This alert came from a data attribute.')).toBeVisible();
  await expect(page.getByText('Missing component data', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Base64 decode error: Invalid character found', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Invalid component data', { exact: true })).toBeVisible();
  await expect(page.getByText(/in JSON at position/)).toBeVisible();

  // An element made by a script after load renders too.
  const rendered = await page.evaluate(async () => {
    const el = document.createElement('emgen-component');
    const json = JSON.stringify({ component: 'Text', content: 'Made by a script' });
    el.setAttribute('data', btoa(json));
    document.body.append(el);
    await new Promise((r) => setTimeout(r, 200));
    return el.textContent;
  });
  expect(rendered).toContain('Made by a script');
});

test('the gallery renders every registered component without an invalid box', async ({ page }) => {
  await signedIn(page);
  await page.goto('/u1/gallery');
  await expect(page.getByRole('heading', { name: 'Component Gallery' })).toBeVisible();
  for (const name of COMPONENT_NAMES)
    await expect(page.getByTestId(`gallery-item-${name}`)).toBeVisible();
  await expect(page.locator('[data-testid^="gallery-item-"]')).toHaveCount(COMPONENT_NAMES.length);
  await expect(page.getByTestId('invalid-component')).toHaveCount(0);
  await expect(page.getByTestId('chart-error')).toHaveCount(0);
  await expect(page.getByTestId('gallery-item-Chart').locator('svg').first()).toBeVisible();
});

test('the demo page evaluates with the calculator on the server', async ({ page }) => {
  await signedIn(page);
  await page.goto('/u1/demo');
  await page.getByPlaceholder(/Ask the calculator/).fill('2+3*4');
  await page.getByPlaceholder(/Ask the calculator/).press('Enter');
  await expect(page.getByText(/= 14/)).toBeVisible();
});
