import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** The system Chromium (never a downloaded one), with flags that work on a closed network (DESIGN §7). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => Boolean(p && fs.existsSync(p)));
  if (!found) {
    throw new Error(
      'Chromium not found. Install it (Debian: sudo apt-get install chromium, or run .ci/run) or set CHROME_PATH.',
    );
  }
  return found;
}

export function chromiumLaunchOptions(extraArgs: string[] = []): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  };
}
