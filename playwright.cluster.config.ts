import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';

/**
 * npm run test:cluster: EMgen as two instances behind HAProxy on PostgreSQL
 * and Redis (scripts/cluster/start.ts), in the system Chromium. The spec
 * starts and stops the cluster itself; it is skipped, with one line, where
 * haproxy, redis-server or PostgreSQL is not installed.
 */
export default defineConfig({
  testDir: 'tests/cluster',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '.tmp/cluster-results',
  use: {
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
