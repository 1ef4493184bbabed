import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { openStore } from '../server/store';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { signInThroughPortal } from '../tests/e2e/fixtures';
import { E2E_ADMIN, startServerProcess } from '../tests/e2e/serverProcess';
import type { BenchResult } from './report';

const WORKSPACE = 'innovation-lab-welcome';

/** Timings taken inside the page: when the socket opens, when pages and frames arrive, when rows appear. */
const PAGE_PROBE = `
  window.__bench = { scroll: null, openAt: 0, askedAt: 0, helloAt: 0, pages: [], rowSeenAt: {}, frameAt: {}, longTasks: [] };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => { window.__bench.openAt ||= performance.now(); });
      const send = this.send.bind(this);
      this.send = (data) => {
        try { if (JSON.parse(data).typ === 'display.messages') window.__bench.askedAt ||= performance.now(); } catch {}
        send(data);
      };
      this.addEventListener('message', (e) => {
        const now = performance.now();
        try {
          const f = JSON.parse(e.data);
          if (f.typ === 'server.hello') window.__bench.helloAt ||= now;
          if (f.typ === 'display.history') {
            const ids = f.content.messages.map((m) => m.message_id);
            window.__bench.pages.push({ at: now, page: f.content.page, older: f.content.older, first: ids[0], last: ids[ids.length - 1], ids });
          }
          if (f.typ === 'assistant.message' && !(f.content.message_id in window.__bench.frameAt)) window.__bench.frameAt[f.content.message_id] = now;
        } catch {}
      });
    }
  };
  // A row counts once it is on screen: in the page and not hidden (a page made while its socket
  // connects keeps its rows hidden until it is shown). It comes on its own, inside what mounts
  // with it (the transcript's first screen), or was in already when its page was shown.
  const unseen = new Map();
  new MutationObserver((records) => {
    const now = performance.now();
    const added = (el) => {
      const id = el.getAttribute('data-message-id');
      if (id && !(id in window.__bench.rowSeenAt)) unseen.set(id, el);
    };
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      added(n);
      for (const row of n.querySelectorAll('[data-message-id]')) added(row);
    }
    for (const [id, row] of unseen) {
      if (!row.isConnected) unseen.delete(id);
      else if (row.checkVisibility({ visibilityProperty: true })) {
        window.__bench.rowSeenAt[id] = now;
        unseen.delete(id);
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: false });
`;

interface Probe {
  openAt: number;
  helloAt: number;
  askedAt: number;
  pages: { at: number; page: string; older: boolean; first: string; last: string; ids: string[] }[];
  rowSeenAt: Record<string, number>;
  frameAt: Record<string, number>;
  longTasks: number[];
  scroll: { frames: number; empty: number; atTop: number; ms: number };
}

/**
 * End to end against the real server in Chromium: a workspace with 10,000
 * stored messages is opened (its newest page comes in one display.history
 * frame), scrolled back to its first message page by page, then live answers
 * are appended on top of all 10,000 loaded rows.
 */
export async function historyReplayBench({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const messages = quick ? 600 : 10_000;
  const count = messages.toLocaleString('en-US');
  await build({ logLevel: 'error' });
  const server = await startServerProcess();
  const store = openStore(server.dataDir, { sessionTtlMs: 3600_000 });
  const start = Date.now() - messages * 1000;
  await store.transaction(async (tx) => {
    for (let i = 0; i < messages; i++) {
      await tx.transcripts.addMessage(WORKSPACE, {
        message_id: randomUUID(),
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
    // One opening is one sample of a figure that moves with what else the page and the server
    // happen to do in those 100-odd ms (a run gave 116 to 224 ms): the median of several is
    // reported, each in a fresh browser (nothing cached) signed in and come from the dashboard.
    const openings: { probe: Probe; firstScreen: number }[] = [];
    let last: Page | undefined;
    for (let i = 0; i < (quick ? 1 : OPENINGS); i++) {
      await last?.context().close();
      last = await openedWorkspace(browser, server.url);
      const probe = await probeOf(last);
      openings.push({ probe, firstScreen: probe.rowSeenAt[probe.pages[0]!.last]! - probe.openAt });
    }
    const byTime = [...openings].sort((a, b) => a.firstScreen - b.firstScreen);
    const { probe: opened, firstScreen } = byTime[Math.floor(byTime.length / 2)]!;
    // The last one opened reads back through the history and takes live answers.
    const page = last!;
    const probe = () => probeOf(page);

    // Back to the first message as a reader pulls the list down: 600 px a frame (a fast
    // wheel) until message 0 is on screen. Each frame counts as empty when no row is in
    // view; at the top the reader waits for the page before (the list keeps the row they
    // read in place when it lands, so they go on pulling from there).
    const firstId = await page.evaluate(async () => {
      const b = (window as unknown as { __bench: Probe }).__bench;
      const el = document.querySelector('[data-testid="transcript-scroller"]')!;
      b.longTasks.length = 0;
      b.scroll = { frames: 0, empty: 0, atTop: 0, ms: 0 };
      const started = performance.now();
      let lastProgress = started;
      let pages = b.pages.length;
      for (;;) {
        const oldest = b.pages.filter((p) => p.page === 'before').pop();
        if (oldest && !oldest.older && oldest.first in b.rowSeenAt) {
          const r = el
            .querySelector(`[data-message-id="${oldest.first}"]`)
            ?.getBoundingClientRect();
          const view = el.getBoundingClientRect();
          if (r && r.bottom > view.top && r.top < view.bottom) break;
        }
        await new Promise((r) => requestAnimationFrame(r));
        b.scroll.frames++;
        if (el.scrollTop === 0) b.scroll.atTop++;
        el.scrollTop = Math.max(0, el.scrollTop - 600);
        const view = el.getBoundingClientRect();
        const inView = [...el.querySelectorAll('[data-message-id]')].some((row) => {
          const r = row.getBoundingClientRect();
          return r.bottom > view.top && r.top < view.bottom;
        });
        if (!inView) b.scroll.empty++;
        if (b.pages.length > pages) {
          pages = b.pages.length;
          lastProgress = performance.now();
        }
        if (performance.now() - lastProgress > 10_000) throw new Error('scrolling back stalled');
      }
      b.scroll.ms = performance.now() - started;
      return b.pages.filter((p) => p.page === 'before').pop()!.first;
    });
    const scrolled = await probe();
    const older = scrolled.pages.filter((p) => p.page === 'before');
    if (!older.length || older[older.length - 1]!.first !== firstId)
      throw new Error('scrolling back did not reach the first message');
    const scrollLongTasks = scrolled.longTasks.slice();

    // Live answers on top of every message loaded: one question, five experts answer.
    await page.getByRole('button', { name: 'Scroll to bottom' }).click();
    await page.getByPlaceholder('Ask the experts...').fill('What is 12.5% of 2,480?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(
      () => {
        const b = (window as unknown as { __bench: Probe }).__bench;
        const ids = Object.keys(b.frameAt);
        return ids.length >= 5 && ids.every((id) => id in b.rowSeenAt);
      },
      undefined,
      { timeout: 30_000 },
    );
    const live = await probe();
    const appends = Object.keys(live.frameAt).map((id) => live.rowSeenAt[id]! - live.frameAt[id]!);
    const worstAppend = Math.max(...appends);
    return [
      {
        name: `opening a ${count}-message workspace: first screen`,
        value: Math.round(firstScreen),
        unit: 'ms',
        budget: 150,
        kind: 'max',
        detail: `socket open → newest row on screen, real server and page, median of ${openings.length} openings (${openings.map((o) => Math.round(o.firstScreen)).join(', ')} ms); in that one server.hello after ${Math.round(opened.helloAt - opened.openAt)} ms, asked for ${Math.round(opened.askedAt - opened.openAt)} ms after the socket opened, the newest page (one display.history frame) came ${Math.round(opened.pages[0]!.at - opened.askedAt)} ms later`,
      },
      {
        name: 'scrolling back: frames with no message in view',
        value: scrolled.scroll.empty,
        unit: 'frames',
        kind: 'max',
        detail: `${older.length} pages back to the first of ${count} messages at 600 px a frame in ${(scrolled.scroll.ms / 1000).toFixed(1)} s: ${scrolled.scroll.frames} frames, ${scrolled.scroll.atTop} of them at the top waiting for a page; long tasks meanwhile: ${scrollLongTasks.length} (longest ${Math.round(Math.max(0, ...scrollLongTasks))} ms)`,
      },
      {
        name: 'live answer: frame received → row on screen',
        value: Number(worstAppend.toFixed(1)),
        unit: 'ms',
        budget: 50,
        kind: 'max',
        detail: `worst of ${appends.length} live answers with all ${count} messages loaded (includes waiting for the next animation frame)`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * Openings of the workspace measured for its first screen (the median is reported). The
 * median of 5 still moved by 40 ms and more between runs of the same code on this machine
 * (105 to 175 ms in one day); the median of 9 moves less.
 */
const OPENINGS = 9;

/** A fresh browser context signed in, on the dashboard, then opening the workspace: on its first row. */
async function openedWorkspace(browser: Browser, origin: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInThroughPortal(page, E2E_ADMIN, undefined, origin);
  await page.waitForURL(/dashboard/);
  await page.addInitScript(PAGE_PROBE);
  await page.goto(`${origin}/w/innovation-lab/workspace?id=${WORKSPACE}`);
  await page.waitForFunction(() => {
    const b = (window as unknown as { __bench: Probe }).__bench;
    return b.pages[0] && b.pages[0].last in b.rowSeenAt;
  });
  return page;
}

/** What the page's probe has recorded so far. */
const probeOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
