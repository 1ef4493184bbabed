import { expect, test } from '@playwright/test';
import { signInByApi } from './fixtures';

const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';
const QUESTION =
  'Check these:\n\n$$\\int_0^1 x^2\\,dx = \\tfrac13$$\n\nand $e^{i\\pi}+1=0$, while it costs $5 and $10.';

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

// Issue 20: math in a message is set by KaTeX, a chunk fetched only once a message has math.
test('math in a message is set by KaTeX; prices stay text', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(WORKSPACE);
  const box = page.getByPlaceholder('Ask the experts...');
  await expect(box).toBeVisible();
  expect(scripts.filter((u) => u.includes('markdownMath'))).toEqual([]);

  await box.fill(QUESTION);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');

  const question = page
    .getByRole('list', { name: 'Meeting transcript' })
    .getByRole('listitem')
    .filter({ hasText: 'Check these' })
    .last();
  await expect(question.locator('.katex')).toHaveCount(2);
  await expect(question.locator('.katex-display')).toHaveCount(1); // the $$…$$ paragraph
  await expect(question.locator('.katex-error')).toHaveCount(0);
  await expect(question).toContainText('while it costs $5 and $10.');
  await expect(question.locator('annotation').first()).toHaveText('\\int_0^1 x^2\\,dx = \\tfrac13');
  // KaTeX's own CSS is in: its MathML copy for screen readers is hidden, and the fonts load.
  await expect(question.locator('.katex-mathml').first()).toHaveCSS('position', 'absolute');
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
  expect(scripts.filter((u) => u.includes('markdownMath')).length).toBe(1);

  await question.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/shots/math-1280x800.png' });
  // On a phone the transcript is laid out anew: the row is rendered again, math and all.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(question.locator('.katex')).toHaveCount(2);
  await question.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/shots/math-390x844.png' });
});
