/**
 * Takes Chromium screenshots of the given paths against a fresh server with
 * the demo seed, signed in as the admin: `npm run screenshots -- /login /w/acme_research`.
 * Each path at a desktop's size and a phone's; files land in .tmp/screens/.
 */
import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { signInThroughPortal } from '../tests/e2e/fixtures';
import { E2E_ADMIN, startServerProcess } from '../tests/e2e/serverProcess';

const paths = process.argv.slice(2);
const signedOut = paths.filter((p) => p.startsWith('-')).map((p) => p.slice(1));
const signedIn = paths.filter((p) => !p.startsWith('-'));
fs.mkdirSync('.tmp/screens', { recursive: true });

const server = await startServerProcess();
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const shoot = async (page: Page, p: string, suffix: string) => {
    await page.goto(server.url + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    const name = p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root';
    const file = `.tmp/screens/${name}${suffix}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  };
  for (const [viewport, suffix] of [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 390, height: 844 }, '-390x844'],
  ] as const) {
    const anonymous = await browser.newPage({ viewport });
    for (const p of signedOut) await shoot(anonymous, p, suffix);
    const page = await browser.newPage({ viewport });
    await signInThroughPortal(page, E2E_ADMIN, undefined, server.url);
    await page.waitForURL(/dashboard/);
    for (const p of signedIn) await shoot(page, p, suffix);
  }
} finally {
  await browser.close();
  await server.stop();
}
