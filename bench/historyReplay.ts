import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { openStore } from '../server/store';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { signInThroughPortal } from '../tests/e2e/fixtures';
import { E2E_ADMIN, startServerProcess } from '../tests/e2e/serverProcess';
import type { BenchResult } from './report';

const MESSAGES = 10_000;
const WORKSPACE = 'innovation-lab-welcome';

/** Timings taken inside the page: when frames arrive and when their rows appear. */
const PAGE_PROBE = `
  window.__bench = { firstHistoryAt: 0, rowSeenAt: {}, frameAt: {} };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const now = performance.now();
        try {
          const f = JSON.parse(e.data);
          if (f.typ === 'display.message' && !window.__bench.firstHistoryAt) window.__bench.firstHistoryAt = now;
          if (f.typ === 'assistant.message' && !(f.content.message_id in window.__bench.frameAt)) window.__bench.frameAt[f.content.message_id] = now;
        } catch {}
      });
    }
  };
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) for (const n of r.addedNodes) {
      const id = n.nodeType === 1 && n.getAttribute('data-message-id');
      if (id && !(id in window.__bench.rowSeenAt)) window.__bench.rowSeenAt[id] = now;
    }
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * End to end, for information: a workspace with 10,000 stored messages is
 * opened in Chromium against the real server (history replayed over the
 * socket and rendered), then live answers are appended.
 */
export async function historyReplayBench(): Promise<BenchResult[]> {
  await build({ logLevel: 'error' });
  const server = await startServerProcess();
  const store = openStore(server.dataDir, { sessionTtlMs: 3600_000 });
  const start = Date.now() - MESSAGES * 1000;
  let lastId = '';
  await store.transaction(async (tx) => {
    for (let i = 0; i < MESSAGES; i++) {
      lastId = randomUUID();
      await tx.transcripts.addMessage(WORKSPACE, {
        message_id: lastId,
        role: i % 2 ? 'assistant' : 'user',
        name: i % 2 ? 'Ada Quant' : 'Administrator',
        expert_id: i % 2 ? 'ada-quant' : null,
        user_id: null,
        content:
          i % 2
            ? `**${i * 7}** — the working for question ${i}, with a little more text.`
            : `Question ${i}?`,
        html: null,
        created_at: new Date(start + i * 1000).toISOString(),
      });
    }
  });
  await store.close();

  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInThroughPortal(page, E2E_ADMIN, undefined, server.url);
    await page.waitForURL(/dashboard/);
    await page.addInitScript(PAGE_PROBE);
    await page.goto(`${server.url}/w/innovation-lab/workspace?id=${WORKSPACE}`);
    await page.locator(`[data-message-id="${lastId}"]`).waitFor({ timeout: 60_000 });
    const render = await page.evaluate((id) => {
      const b = (
        window as unknown as {
          __bench: { firstHistoryAt: number; rowSeenAt: Record<string, number> };
        }
      ).__bench;
      return b.rowSeenAt[id]! - b.firstHistoryAt;
    }, lastId);

    // Live appends: one question, five experts answer (the offline engine streams each).
    await page.getByPlaceholder('Ask the experts...').fill('What is 12.5% of 2,480?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(
      () => {
        const b = (
          window as unknown as {
            __bench: { frameAt: Record<string, number>; rowSeenAt: Record<string, number> };
          }
        ).__bench;
        const ids = Object.keys(b.frameAt);
        return ids.length >= 5 && ids.every((id) => id in b.rowSeenAt);
      },
      undefined,
      { timeout: 30_000 },
    );
    const appends = await page.evaluate(() => {
      const b = (
        window as unknown as {
          __bench: { frameAt: Record<string, number>; rowSeenAt: Record<string, number> };
        }
      ).__bench;
      return Object.keys(b.frameAt).map((id) => b.rowSeenAt[id]! - b.frameAt[id]!);
    });
    const worstAppend = Math.max(...appends);
    return [
      {
        name: 'history replay: 10,000 messages over the socket',
        value: Math.round(render),
        unit: 'ms',
        kind: 'max',
        detail:
          'first history frame received → last row on screen, real server and page (ingest + render)',
      },
      {
        name: 'live answer: frame received → row on screen',
        value: Number(worstAppend.toFixed(1)),
        unit: 'ms',
        kind: 'max',
        detail: `worst of ${appends.length} live answers on top of 10,000 messages (includes waiting for the next animation frame)`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
