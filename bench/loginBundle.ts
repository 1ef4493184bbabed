import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { startServerProcess } from '../tests/e2e/serverProcess';
import type { BenchResult } from './report';

/** DESIGN §8: JS loaded by /login, gzip. */
const BUDGET_KB = 230;
/** Issue 19: what crosses the wire for that JS (as served: brotli, headers included) stays within 1.1x. */
const WIRE_FACTOR = 1.1;

/**
 * Loads /login from the production build in Chromium and sums the gzip size
 * of every script the page actually fetched (lazy chunks it did not need are
 * not counted, exactly as a user's browser would not fetch them), and the
 * bytes those responses took on the wire.
 */
export async function loginBundleBench(): Promise<BenchResult[]> {
  await build({ logLevel: 'error' });
  const server = await startServerProcess();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Response>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.set(new URL(res.url()).pathname, res);
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Portal' }).waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(
      [...scripts].map(async ([p, res]) => {
        const bytes = fs.readFileSync(path.join('dist/public', p));
        const wire = await res.request().sizes();
        return {
          p,
          gz: gzipSync(bytes).length,
          wire: wire.responseHeadersSize + wire.responseBodySize,
          encoding: (await res.allHeaders())['content-encoding'] ?? 'none',
        };
      }),
    );
    const total = sizes.reduce((s, x) => s + x.gz, 0);
    const wire = sizes.reduce((s, x) => s + x.wire, 0);
    return [
      {
        name: 'JS loaded by /login (gzip)',
        value: Math.round(total / 1024),
        unit: 'KB',
        budget: BUDGET_KB,
        kind: 'max',
        detail: sizes.map((s) => `${s.p} ${(s.gz / 1024).toFixed(1)} KB`).join(', '),
      },
      {
        name: 'JS of /login on the wire (as served, headers included)',
        value: Math.round(wire / 1024),
        unit: 'KB',
        budget: Math.round(BUDGET_KB * WIRE_FACTOR),
        kind: 'max',
        detail: sizes
          .map((s) => `${s.p} ${(s.wire / 1024).toFixed(1)} KB ${s.encoding}`)
          .join(', '),
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
