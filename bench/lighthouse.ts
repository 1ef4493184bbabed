import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Result as LighthouseResult } from 'lighthouse';
import { build } from 'vite';
import { chromiumLaunchOptions, chromiumPath } from '../tests/e2e/chromium';
import { signInThroughPortal } from '../tests/e2e/fixtures';
import { E2E_ADMIN, startServerProcess } from '../tests/e2e/serverProcess';
import type { BenchOutcome, BenchResult } from './report';

/** DESIGN §8: Lighthouse mobile, per page. */
const BUDGETS = { performance: 90, accessibility: 98, 'best-practices': 98 } as const;
type Category = keyof typeof BUDGETS;
const CATEGORIES = Object.keys(BUDGETS) as Category[];

/** The three first loads of issue 19; the signed-in ones with the admin's session cookie. */
const PAGES = [
  { name: '/login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/w/innovation-lab/dashboard', signedIn: true },
  {
    name: 'workspace',
    path: '/w/innovation-lab/workspace?id=innovation-lab-welcome',
    signedIn: true,
  },
];

/** Where to keep each run's whole report (JSON, opens in the Lighthouse viewer), when asked. */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;

/** Lighthouse's score varies from run to run (more on a busy machine): the median of this many is reported. */
const RUNS = 5;

/**
 * Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU, the
 * defaults) against the production build served by the real server. The
 * browser is the system Chromium driven by Playwright, signed in through the
 * portal first; Lighthouse attaches to it on its debugging port, so its tab
 * carries the session cookie as a returning user's would.
 */
export async function lighthouseBench(opts: { quick: boolean }): Promise<BenchOutcome[]> {
  try {
    chromiumPath();
  } catch (err) {
    return [{ name: 'Lighthouse', skipped: (err as Error).message }];
  }
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  await build({ logLevel: 'error' });
  const server = await startServerProcess();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(['--remote-debugging-port=0']),
  });
  try {
    const port = Number(
      fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0],
    );
    const page = context.pages()[0] ?? (await context.newPage());
    const results: BenchOutcome[] = [];
    let signedIn = false;
    // Signed-out pages first: /login sends someone signed in on to their world.
    for (const target of opts.quick ? PAGES.slice(0, 1) : PAGES) {
      if (target.signedIn && !signedIn) {
        await signInThroughPortal(page, E2E_ADMIN, undefined, server.url);
        await page.waitForURL(/dashboard/);
        signedIn = true;
      }
      const runs: LighthouseResult[] = [];
      for (let i = 0; i < (opts.quick ? 1 : RUNS); i++) {
        const run = await lighthouseRun(`${server.url}${target.path}`, port);
        runs.push(run.lhr);
        if (reportDir) {
          const file = `${target.name.replace(/\W+/g, '') || 'page'}-${i + 1}.json`;
          fs.writeFileSync(path.join(reportDir, file), run.report as string);
        }
      }
      for (const category of CATEGORIES) results.push(scoreOf(target.name, category, runs));
    }
    return results;
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse's trace recording sometimes misses the navigation's start on a
 * busy machine (NO_NAVSTART, NO_FCP...: "please run Lighthouse again", as its
 * own message says); such a run is repeated, up to twice. Any other error ends the bench.
 */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED']);

async function lighthouseRun(url: string, port: number) {
  // Loaded when the bench runs: the other benches need none of it.
  const { default: lighthouse } = await import('lighthouse');
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES,
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = run.lhr.runtimeError;
    if (!error) return run;
    if (!RETRIED_ERRORS.has(error.code) || attempt === 3) throw new Error(error.message);
  }
}

const score = (lhr: LighthouseResult, category: Category) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The median run's score, with what Lighthouse holds against the page when it is under budget. */
function scoreOf(page: string, category: Category, runs: LighthouseResult[]): BenchResult {
  const sorted = [...runs].sort((a, b) => score(a, category) - score(b, category));
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const value = score(median, category);
  return {
    name: `Lighthouse mobile ${page}: ${category}`,
    value,
    unit: 'score',
    budget: BUDGETS[category],
    kind: 'min',
    detail: [
      new URL(median.finalDisplayedUrl).pathname === new URL(median.requestedUrl!).pathname
        ? ''
        : `ended at ${median.finalDisplayedUrl}`,
      runs.length > 1 ? `runs ${runs.map((r) => score(r, category)).join(', ')}` : '',
      category === 'performance' ? metrics(median) : '',
      value < BUDGETS[category] ? failing(median, category) : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
}

function metrics(lhr: LighthouseResult): string {
  const shown = [
    ['FCP', 'first-contentful-paint'],
    ['LCP', 'largest-contentful-paint'],
    ['TBT', 'total-blocking-time'],
    ['CLS', 'cumulative-layout-shift'],
    ['SI', 'speed-index'],
  ];
  return shown.map(([label, id]) => `${label} ${lhr.audits[id!]?.displayValue ?? '?'}`).join(', ');
}

/** The audits of the category that did not pass, heaviest first. */
function failing(lhr: LighthouseResult, category: Category): string {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable',
    )
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(({ audit }) => `${audit!.title}${audit!.displayValue ? ` (${audit!.displayValue})` : ''}`)
    .join(' | ');
}
