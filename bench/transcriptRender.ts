import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import type { BenchResult } from './report';

const OUT = path.resolve('.tmp/bench-harness');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** A static server for the built harness (module scripts do not load from file://). */
function serve(dir: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

/**
 * DESIGN §8 transcript budgets, measured on the real Transcript component and
 * store in a production build in Chromium (bench/harness/transcriptMain.tsx):
 * mounting it over 10,000 messages, and rendering one appended message.
 */
export async function transcriptRenderBench(opts: { quick: boolean }): Promise<BenchResult[]> {
  const messages = opts.quick ? 2_000 : 10_000;
  const count = messages.toLocaleString('en-US');
  await build({
    logLevel: 'error',
    base: './',
    build: {
      outDir: OUT,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: { input: 'bench/harness/transcript.html' },
    },
  });
  const site = await serve(OUT);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/bench/harness/transcript.html?messages=${messages}`);
    const r = (
      await page.waitForFunction(
        () => (window as unknown as { __transcriptBench?: unknown }).__transcriptBench,
        undefined,
        {
          timeout: 60_000,
        },
      )
    ).jsonValue() as Promise<{
      mountMs: number;
      appendMedianMs: number;
      appendWorstMs: number;
      appendMs: number[];
    }>;
    const result = await r;
    return [
      {
        name: `transcript: ${count} messages rendered`,
        value: Math.round(result.mountMs),
        unit: 'ms',
        budget: 150,
        kind: 'max',
        detail: `mount with ${count} messages in the store → last row on screen and settled (virtualized)`,
      },
      {
        name: 'transcript: one message appended',
        value: Number(result.appendWorstMs.toFixed(1)),
        unit: 'ms',
        budget: 16,
        kind: 'max',
        detail: `worst of 30 appends on top of ${count} (median ${result.appendMedianMs.toFixed(1)} ms): dispatch → row on screen; in order: ${result.appendMs.map((ms) => Math.round(ms)).join(', ')} ms`,
      },
    ];
  } finally {
    await browser.close();
    site.close();
  }
}
