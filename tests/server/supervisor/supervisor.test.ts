import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const runner = path.join(here, 'runSupervisor.ts');
const fakeServer = ['--import', 'tsx', path.join(here, 'crashingServer.ts')];
const realServer = ['--import', 'tsx', path.join(root, 'server/main.ts')];

interface Supervised {
  proc: ChildProcess;
  /** stdout and stderr of the supervisor and its server, interleaved. */
  output(): string;
  /** Waits until the output matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

const running: Supervised[] = [];
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-supervisor-'));
  tempDirs.push(dir);
  return dir;
}

/** Starts the supervisor (tests/server/supervisor/runSupervisor.ts) over `args`. */
function supervise(
  args: string[],
  env: Record<string, string> = {},
  opts: { ownGroup?: boolean } = {},
): Supervised {
  const proc = spawn(process.execPath, ['--import', 'tsx', runner], {
    cwd: root,
    env: { ...process.env, ...env, SUPERVISED_ARGS: JSON.stringify(args) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Leading a process group of its own, as a shell runs npm start in a terminal.
    detached: opts.ownGroup,
  });
  let text = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
    for (const l of listeners) l();
  };
  proc.stdout!.on('data', collect);
  proc.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  const supervised: Supervised = {
    proc,
    output: () => text,
    exited,
    waitFor: (pattern, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(text);
          if (!m) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} within ${timeoutMs} ms in:\n${text}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
  };
  running.push(supervised);
  return supervised;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The process the supervisor runs the server in (Linux /proc). */
function serverPid(supervisor: ChildProcess): number {
  const pid = supervisor.pid!;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return Number(children.split(/\s+/)[0]);
}

afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
    await s.exited;
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start supervises the server', () => {
  it('restarts a server that crashed, says why, and stops cleanly on SIGTERM', async () => {
    const countFile = path.join(tempDir(), 'starts');
    const s = supervise(fakeServer, { CHILD_MODE: 'crash-once', START_COUNT_FILE: countFile });
    const [, pid] = await s.waitFor(/start 2: running as pid (\d+)/);
    const out = s.output();
    // The server's own report, with its stack, then the supervisor's reason for the restart.
    expect(out).toMatch(/^EMgen crashed: Error: boom in start 1\n\s+at /m);
    expect(out).toContain(
      'EMgen exited with code 70; restarting it in 0.1 s (crash 1 of 2 allowed within 60 s). EMgen crashed: Error: boom in start 1',
    );

    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('start 2: SIGTERM received, stopping');
    expect(s.output().match(/restarting it/g)).toHaveLength(1);
    expect(isAlive(Number(pid))).toBe(false);
    expect(fs.readFileSync(countFile, 'utf8')).toBe('2');
  }, 30_000);

  it("passes a second signal on; a terminal's Ctrl-C reaches the server once", async () => {
    const countFile = path.join(tempDir(), 'starts');
    const s = supervise(
      fakeServer,
      { CHILD_MODE: 'drains', START_COUNT_FILE: countFile },
      { ownGroup: true },
    );
    await s.waitFor(/start 1: running as pid \d+/);
    // Ctrl-C: the terminal signals the whole foreground process group.
    process.kill(-s.proc.pid!, 'SIGINT');
    await s.waitFor(/start 1: SIGINT received \(signal 1\)/);
    // Time for a second copy of that Ctrl-C to arrive, were it to.
    await new Promise((r) => setTimeout(r, 500));
    expect(s.output()).not.toContain('(signal 2)');

    s.proc.kill('SIGTERM');
    await s.waitFor(/start 1: SIGTERM received \(signal 2\)/);
    expect(await s.exited).toBe(1);
    expect(s.output()).not.toContain('restarting it');
  }, 30_000);

  it('gives up on a crash loop with a clear message', async () => {
    const countFile = path.join(tempDir(), 'starts');
    const s = supervise(fakeServer, { CHILD_MODE: 'crash-always', START_COUNT_FILE: countFile });
    expect(await s.exited).toBe(1);
    const out = s.output();
    expect(out).toContain('restarting it in 0.1 s (crash 1 of 2 allowed within 60 s)');
    expect(out).toContain('restarting it in 0.2 s (crash 2 of 2 allowed within 60 s)');
    expect(out).toContain(
      'EMgen exited with code 70: 3 crashes within 60 s, a crash loop; not restarting it again. EMgen crashed: unhandled rejection: Error: rejected in start 3',
    );
    expect(fs.readFileSync(countFile, 'utf8')).toBe('3');
  }, 30_000);

  it('does not restart a server that fails before it is ready', async () => {
    const countFile = path.join(tempDir(), 'starts');
    const s = supervise(fakeServer, {
      CHILD_MODE: 'fail-before-ready',
      START_COUNT_FILE: countFile,
    });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('PORT must be a number');
    expect(s.output()).toContain(
      'EMgen exited with code 1 before it was ready; not restarting it.',
    );
    expect(fs.readFileSync(countFile, 'utf8')).toBe('1');

    const crashing = supervise(fakeServer, {
      CHILD_MODE: 'crash-before-ready',
      START_COUNT_FILE: countFile,
    });
    expect(await crashing.exited).toBe(70);
    expect(crashing.output()).toContain(
      'EMgen exited with code 70 before it was ready; not restarting it. EMgen crashed: Error: listen EADDRINUSE: address already in use',
    );
    expect(fs.readFileSync(countFile, 'utf8')).toBe('2');
  }, 30_000);

  it('runs the real server: it says when it is ready, comes back after being killed, stops on SIGINT', async () => {
    const s = supervise(realServer, {
      DATA_DIR: tempDir(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    await s.waitFor(/running at http:\/\/\S+/, 30_000);
    const first = serverPid(s.proc);
    process.kill(first, 'SIGKILL');
    await s.waitFor(/EMgen was killed by SIGKILL; restarting it in 0\.1 s/);
    const again = await s.waitFor(
      /running at http:\/\/\S+[\s\S]*running at (http:\/\/\S+)/,
      30_000,
    );
    const url = again[1]!.replace('localhost', '127.0.0.1');
    expect(serverPid(s.proc)).not.toBe(first);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);

    s.proc.kill('SIGINT');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('SIGINT received, shutting down');
  }, 60_000);
});
