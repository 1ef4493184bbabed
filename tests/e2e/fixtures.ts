import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './serverProcess';

/** Signs in through the real POST /api/auth from inside the page, as the portal does. */
export async function signInByApi(
  page: Page,
  who = E2E_ADMIN,
  /** Where the server is, for a test with a server of its own. */
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/login`);
  const status = await page.evaluate(async ({ email, password }) => {
    const csrf = document.cookie.match(/(?:^|; )emgen_csrf=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/api/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
      body: JSON.stringify({ email, password }),
    });
    return res.status;
  }, who);
  expect(status).toBe(200);
}

/** Runs `npm run users -- …` against the e2e server's store and returns its output. */
export function usersCli(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/users.ts', ...args], {
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
    encoding: 'utf8',
  });
}

let accounts = 0;
/** A fresh account with its own password, for tests that change an account's state. */
export function newAccount(worlds: string[], opts: { pin?: boolean } = {}) {
  const email = `user${Date.now()}-${accounts++}@e2e.local`;
  const name = `Person ${accounts}`;
  const password = 'account-password-1';
  usersCli(
    'add',
    email,
    '--name',
    name,
    '--password',
    password,
    ...worlds.flatMap((w) => ['--world', w]),
  );
  const secret = opts.pin ? /secret: (\S+)/.exec(usersCli('enable-pin', email))![1]! : undefined;
  return { email, name, password, secret };
}

/** Signs in through the portal page as a person would. */
export async function signInThroughPortal(
  page: Page,
  who: { email: string; password: string },
  pin?: string,
  /** Where the server is, for callers without Playwright's baseURL (bench, scripts). */
  origin = '',
) {
  await page.goto(`${origin}/portal/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  if (pin) await page.getByLabel('PIN').fill(pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
