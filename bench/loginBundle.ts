import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { startServerProcess } from '../tests/e2e/serverProcess';
import type { BenchResult } from './report';

/**
 * Loads /login from the production build in Chromium and sums the gzip size
 * of every script the page actually fetched (lazy chunks it did not need are
 * not counted, exactly as a user's browser would not fetch them).
 */
export async function loginBundleBench(): Promise<BenchResult> {
  await build({ logLevel: 'error' });
  const server = await startServerProcess();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Portal' }).waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = [...scripts].map((p) => {
      const bytes = fs.readFileSync(path.join('dist/public', p));
      return { p, gz: gzipSync(bytes).length };
    });
    const total = sizes.reduce((s, x) => s + x.gz, 0);
    return {
      name: 'JS loaded by /login (gzip)',
      value: Math.round(total / 1024),
      unit: 'KB',
      budget: 230,
      kind: 'max',
      detail: sizes.map((s) => `${s.p} ${(s.gz / 1024).toFixed(1)} KB`).join(', '),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
