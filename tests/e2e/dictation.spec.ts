import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { newAccount, signInThroughPortal } from './fixtures';

/**
 * Dictation end to end (SPEC §7): Chromium's fake microphone plays a real
 * recording ("go forward ten meters", from the pocketsphinx-testdata package)
 * into the AudioWorklet, the chunks go over /ws/audio to the server's
 * recogniser, and the words land after the text already in the box.
 */
const RECORDING = '/usr/share/pocketsphinx/test/data/goforward.raw';
const WORKSPACE = '/w/innovation-lab/workspace?id=innovation-lab-welcome';

let dir: string;
let browser: Browser;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-dictation-'));
  const wav = path.join(dir, 'goforward.wav');
  // 16 kHz raw → 44.1 kHz WAV (what a microphone at SPEC §9's rate delivers), with silence
  // around the words so that none are lost while the socket opens or the user stops.
  execFileSync('sox', [
    ...['-t', 'raw', '-r', '16000', '-e', 'signed', '-b', '16', '-c', '1', RECORDING],
    ...['-r', '44100', wav, 'pad', '0.5', '1.5'],
  ]);
  browser = await chromium.launch(
    chromiumLaunchOptions([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      // %noloop: the recording plays once, then the fake microphone is silent.
      `--use-file-for-fake-audio-capture=${wav}%noloop`,
    ]),
  );
});

test.afterAll(async () => {
  await browser?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the microphone meter moves and the recognised words are appended to the typed text', async () => {
  // Real-time audio plus the recogniser: generous on a busy two-core CI machine.
  test.setTimeout(90_000);
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    const who = newAccount(['innovation-lab']);
    await signInThroughPortal(page, who);
    await expect(page).toHaveURL(/\/w\/innovation-lab\/dashboard$/);
    await page.goto(WORKSPACE);

    const box = page.getByPlaceholder('Ask the experts...');
    await box.fill('Note:');
    const audioFrames: (string | Buffer)[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/ws/audio'))
        ws.on('framesent', ({ payload }) => audioFrames.push(payload));
    });
    await page.getByRole('button', { name: 'Start dictation' }).click();

    const stop = page.getByRole('button', { name: 'Stop dictation' });
    await expect(stop).toHaveAttribute('aria-pressed', 'true');
    const meter = page.getByTestId('dictation-meter');
    await expect(meter).toBeVisible();

    // Sample the five bars while the recording plays: their heights follow the voice.
    const seen = new Set<string>();
    const tallest: number[] = [];
    for (let i = 0; i < 20; i++) {
      const heights = await meter
        .getByTestId('dictation-meter-bar')
        .evaluateAll((bars) => bars.map((b) => Math.round(b.getBoundingClientRect().height)));
      expect(heights).toHaveLength(5);
      for (const h of heights) {
        expect(h).toBeGreaterThanOrEqual(4);
        expect(h).toBeLessThanOrEqual(24);
      }
      seen.add(heights.join(','));
      tallest.push(Math.max(...heights));
      await page.waitForTimeout(200);
    }
    expect(seen.size).toBeGreaterThan(2);
    expect(Math.max(...tallest)).toBeGreaterThan(12);

    await stop.click();
    await expect(box).toHaveValue('Note: go forward ten meters', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Start dictation' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(meter).toBeHidden();

    // Binary chunks of 2048 16-bit samples, then the end marker.
    const chunks = audioFrames.filter((f): f is Buffer => typeof f !== 'string');
    expect(chunks.length).toBeGreaterThan(50);
    expect(chunks.every((c) => c.length === 4096)).toBe(true);
    expect(audioFrames.at(-1)).toBe('{"type":"end"}');
  } finally {
    await context.close();
  }
});
