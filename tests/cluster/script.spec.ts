import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { clusterMissing } from '../../scripts/cluster/start';
import { freePort } from '../../scripts/cluster/ports';

/**
 * npm run cluster as a person runs it: it prints where everything is, serves
 * through HAProxy, and one Ctrl-C (SIGINT to its whole process group, as a
 * terminal sends it) drains the instances, stops everything and removes the
 * throwaway directories.
 */

const missing = clusterMissing();
if (missing) console.warn(`Cluster script test skipped: ${missing}`);
test.skip(Boolean(missing), missing ?? '');

test('npm run cluster prints where everything is and one Ctrl-C stops and removes it all', async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  const child = spawn('npm', ['run', 'cluster', '--', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, which the terminal's Ctrl-C reaches whole
    env: { ...process.env, ADMIN_PASSWORD: 'cluster-admin-1' },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // Every process of the group writes to these pipes: they close once the last one ended
  // (npm itself ends on the Ctrl-C at once, as it does in a terminal).
  const allEnded = new Promise<void>((resolve) => child.stdout.once('close', () => resolve()));
  try {
    await expect
      .poll(() => output, { timeout: 180_000 })
      .toContain(`EMgen cluster at http://localhost:${port}  (Ctrl-C stops everything)`);
    for (const part of ['HAProxy', 'emgen1', 'emgen2', 'PostgreSQL', 'Redis', 'blobs'])
      expect(output).toMatch(new RegExp(`^  ${part} +\\S`, 'm'));
    const dir = /\(throwaway: (\S+) and the database go when it stops\)/.exec(output)![1]!;
    expect(fs.existsSync(dir)).toBe(true);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      fanOut: { state: string };
    };
    expect(health.fanOut.state).toBe('redis');

    process.kill(-child.pid!, 'SIGINT');
    await allEnded;
    expect(output).toContain('Ctrl-C: draining the instances');
    expect(output).toContain('[emgen1] SIGTERM received, shutting down…');
    expect(output).toContain('Stopped; the throwaway directories are removed.');
    expect(fs.existsSync(dir)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/ready`)).rejects.toThrow();
  } catch (err) {
    throw new Error(`${(err as Error).message}\nnpm run cluster said:\n${output}`, { cause: err });
  } finally {
    // Whatever failed, nothing is left running: a second Ctrl-C stops the script at
    // once, and its exit stops what it started (a SIGKILL would orphan HAProxy, Redis
    // and PostgreSQL, which run in groups of their own).
    let ended = false;
    void allEnded.then(() => (ended = true));
    const interrupt = () => {
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        // The group is gone already.
      }
    };
    for (let tries = 0; !ended && tries < 3; tries++) {
      interrupt();
      await Promise.race([allEnded, new Promise((r) => setTimeout(r, 1500))]);
    }
  }
});
