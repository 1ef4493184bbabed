/**
 * Takes Chromium screenshots of the given paths against a fresh server with
 * the demo seed, signed in as the admin: `npm run screenshots -- /login /w/acme_research`.
 * Files land in .tmp/screens/.
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
  const shoot = async (page: Page, p: string) => {
    await page.goto(server.url + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    const file = `.tmp/screens/${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  };
  const anonymous = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  for (const p of signedOut) await shoot(anonymous, p);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInThroughPortal(page, E2E_ADMIN, undefined, server.url);
  await page.waitForURL(/dashboard/);
  for (const p of signedIn) await shoot(page, p);
} finally {
  await browser.close();
  await server.stop();
}
