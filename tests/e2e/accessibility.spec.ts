import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './fixtures';
import { DESKTOP, PHONE } from './meetingPage';

/**
 * Issue 21's gates on every screen: axe (all its rules, WCAG A/AA and best
 * practice) finds nothing serious or critical in either colour scheme, each
 * page has one level-1 heading, and on a 390×844 phone nothing scrolls
 * sideways. Screenshots of each land in .tmp/screens/a11y.
 */

interface Screen {
  name: string;
  path: string;
  /** Shown signed out (the default is signed in as the e2e admin). */
  signedOut?: boolean;
  /** What shows the screen is there; the default is its level-1 heading. */
  ready?: (page: Page) => Promise<void>;
  /** What to do on the page first (open a dialog, choose a tab). */
  open?: (page: Page) => Promise<void>;
}

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';
const MANAGEMENT = '/w/innovation-lab/workspace-management?id=innovation-lab-welcome&mode=edit';
const tab = (name: RegExp) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: 'login', path: '/login', signedOut: true },
  { name: 'portal', path: '/portal/login', signedOut: true },
  { name: 'logged-out', path: '/auth/loggedout', signedOut: true },
  { name: 'not-found', path: '/404' },
  { name: 'dashboard', path: '/w/innovation-lab/dashboard' },
  {
    name: 'workspace',
    path: WORKSPACE,
    ready: (page) => expect(page.getByPlaceholder('Ask the experts...')).toBeVisible(),
  },
  {
    name: 'finder',
    path: WORKSPACE,
    open: async (page) => {
      await page.getByRole('button', { name: 'Open File Finder' }).first().click();
      const finder = page.getByRole('dialog', { name: /File Finder/ });
      await finder.getByRole('list', { name: 'Drives' }).getByText('Library').click();
    },
  },
  { name: 'management-experts', path: MANAGEMENT, open: tab(/Experts/) },
  { name: 'management-tools', path: MANAGEMENT, open: tab(/Tool Providers/) },
  { name: 'management-settings', path: MANAGEMENT, open: tab(/^Settings/) },
  { name: 'print', path: '/w/innovation-lab/workspace-print?id=innovation-lab-welcome' },
  {
    name: 'viewer',
    path: '/w/innovation-lab/emdrive/Library/file/sales/case-study-hartley-plumbing.pdf',
  },
  { name: 'console', path: '/w/innovation-lab/console' },
  {
    name: 'palette',
    path: '/w/innovation-lab/dashboard',
    open: async (page) => {
      await page.keyboard.press('Control+Shift+P');
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'settings', path: '/settings' },
  { name: 'flow', path: '/flow?id=onboarding' },
  { name: 'server-page', path: '/u1/demo' },
  { name: 'expert-page', path: '/a/experts/p/ada-quant' },
  { name: 'replay', path: '/support/replay' },
  { name: 'admin', path: '/admin' },
  { name: 'admin-apps', path: '/admin/apps' },
  { name: 'admin-mcp', path: '/admin/mcp' },
  { name: 'admin-support-logs', path: '/admin/support-logs' },
  { name: 'admin-users', path: '/admin/users' },
  { name: 'admin-audit', path: '/admin/audit' },
  { name: 'admin-commands', path: '/admin/commands' },
  { name: 'admin-search', path: '/admin/search' },
  { name: 'admin-drives', path: '/admin/emdrive' },
  { name: 'admin-drive', path: '/admin/emdrive/Library' },
];

async function show(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await (screen.ready ?? ((p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()))(page);
  await screen.open?.(page);
  // Nothing still loading (a progress bar with a value, like a flow's steps, is not loading).
  await expect(
    page.locator('[role="progressbar"]:not([aria-valuenow])').filter({ visible: true }),
  ).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(300); // transitions settle before colours and layout are measured
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    );
}

/** What is wrong with one screen, in words; [] when nothing. */
async function problemsOf(page: Page, screen: Screen, scheme: 'light' | 'dark') {
  const problems: string[] = [];
  await page.setViewportSize(DESKTOP);
  try {
    await show(page, screen);
  } catch (err) {
    return [`did not show: ${String(err).split('\n')[0]}`];
  }
  await page.screenshot({ path: `.tmp/screens/a11y/${screen.name}-${scheme}-desktop.png` });
  problems.push(...(await seriousViolations(page)));
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) problems.push(`${h1} level-1 headings`);

  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `.tmp/screens/a11y/${screen.name}-${scheme}-phone.png` });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`scrolls ${overflow}px sideways on a phone`);
  if (
    screen.name === 'workspace' &&
    !(await page.getByPlaceholder('Ask the experts...').evaluate((box) => {
      const r = box.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    }))
  ) {
    problems.push('the message box is off screen on a phone');
  }
  return problems;
}

// One test per scheme walks every screen, signed in once, and lists every screen's problems
// together: a failure names them all rather than stopping at the first.
for (const scheme of ['light', 'dark'] as const) {
  test(`every screen in the ${scheme} scheme: axe, one h1, and a phone without sideways scroll`, async ({
    page,
  }) => {
    test.setTimeout(SCREENS.length * 30_000);
    // Less motion: colours are measured on what is shown, not halfway through a fade.
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const found: Record<string, string[]> = {};
    for (const screen of SCREENS.filter((s) => s.signedOut)) {
      found[screen.name] = await problemsOf(page, screen, scheme);
    }
    await signInByApi(page);
    for (const screen of SCREENS.filter((s) => !s.signedOut)) {
      found[screen.name] = await problemsOf(page, screen, scheme);
    }
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', scheme);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
  });
}
