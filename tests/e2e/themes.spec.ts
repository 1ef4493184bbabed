import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';

/**
 * Text contrast of the main screens in both colour schemes (axe's
 * color-contrast rule, WCAG AA), with the scheme chosen as a new visitor's
 * is: from the system's preference. Screenshots of each land in .tmp/screens.
 */

test.describe.configure({ timeout: 120_000 });

const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'dashboard',
    path: '/w/innovation-lab/dashboard',
    ready: (page) => expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible(),
  },
  {
    name: 'workspace',
    path: '/w/innovation-lab/workspace?id=innovation-lab-welcome',
    // An answer with highlighted code is on screen whatever earlier specs left in the
    // workspace: the code colours are the ones most likely to fail on the code box.
    ready: async (page) => {
      const box = page.getByPlaceholder('Ask the experts...');
      await expect(box).toBeVisible();
      if ((await page.locator('.hljs-keyword').count()) === 0) {
        await box.fill('What is 12.5% of 2,480?');
        await page.getByRole('button', { name: 'Send' }).click();
      }
      await expect(page.locator('.hljs-keyword').first()).toBeVisible();
      await expect(page.locator('.hljs-comment').first()).toBeVisible();
    },
  },
  {
    name: 'settings',
    path: '/settings',
    ready: (page) => expect(page.getByRole('region', { name: 'Profile' })).toBeVisible(),
  },
  {
    name: 'console',
    path: '/w/innovation-lab/console',
    ready: (page) => expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible(),
  },
  {
    name: 'admin',
    path: '/admin',
    ready: (page) => expect(page.getByText('EMDrive Management')).toBeVisible(),
  },
  {
    name: 'admin-drives',
    path: '/admin/emdrive',
    ready: (page) => expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible(),
  },
];

async function contrastViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`text contrast is sufficient on the main screens in the ${scheme} scheme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    fs.mkdirSync('.tmp/screens', { recursive: true });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with Portal' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', scheme);
    const found: Record<string, string[]> = {};
    found.login = await contrastViolations(page);

    await signInByApi(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.ready(page);
      await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', scheme);
      await page.waitForTimeout(300); // transitions settle before colours are measured
      found[screen.name] = await contrastViolations(page);
      await page.screenshot({ path: `.tmp/screens/${screen.name}-${scheme}-1280x800.png` });
    }
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
  });
}
