import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './serverProcess';

/** Signs in through the real POST /api/auth from inside the page, as the portal does. */
export async function signInByApi(page: Page, who = E2E_ADMIN): Promise<void> {
  await page.goto('/login');
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
