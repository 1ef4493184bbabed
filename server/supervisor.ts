import { spawn, type ChildProcess } from 'node:child_process';
import { CRASH_PREFIX } from './crash';

/** What the server process sends its supervisor over IPC once it is listening. */
export const READY_MESSAGE = 'emgen:ready';

export interface SupervisorOptions {
  /** Node's arguments for the server process, e.g. ['--import', 'tsx', 'server/main.ts']. */
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Wait before the first restart; doubled for each further crash within windowMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** More crashes than this within windowMs is a crash loop: no more restarts. */
  maxCrashes?: number;
  windowMs?: number;
  /** Where the supervisor's own lines go. */
  log?: (line: string) => void;
}

const DEFAULTS = { backoffMs: 1000, maxBackoffMs: 30_000, maxCrashes: 5, windowMs: 60_000 };

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs the server in a child process and restarts it after a crash, waiting
 * longer after each crash in a row and giving up on a crash loop. SIGINT and
 * SIGTERM are passed on to the server, which drains and stops cleanly; that
 * exit is not a crash. A second signal is passed on too: the server stops at
 * once. A server that fails before it is ready (bad configuration, port in
 * use) is not restarted: the next start would fail the same way.
 *
 * Resolves with the exit code for the supervisor's own process.
 */
export function supervise(options: SupervisorOptions): Promise<number> {
  const opts = { ...DEFAULTS, log: (line: string) => console.error(line), ...options };
  const crashes: number[] = [];
  let child: ChildProcess | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopping = false;

  return new Promise<number>((resolve) => {
    const finish = (code: number) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(code);
    };

    function onSignal(signal: NodeJS.Signals) {
      if (!stopping && restartTimer) {
        stopping = true;
        clearTimeout(restartTimer);
        finish(0);
        return;
      }
      stopping = true;
      child?.kill(signal);
    }
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);

    const start = () => {
      restartTimer = undefined;
      let ready = false;
      let lastCrashLine: string | undefined;
      const proc = spawn(process.execPath, opts.args, {
        env: opts.env ?? process.env,
        stdio: ['inherit', 'inherit', 'pipe', 'ipc'],
        // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and
        // the server must hear it once, from here (twice would mean "stop at once"). Should
        // this supervisor die, the server sees the IPC channel close and stops by itself.
        detached: true,
      });
      child = proc;
      proc.on('message', (message) => {
        if (message === READY_MESSAGE) ready = true;
      });
      // Passed through as it comes; the crash line is kept to say why the server restarts.
      let pending = '';
      proc.stderr!.on('data', (chunk: Buffer) => {
        process.stderr.write(chunk);
        const lines = (pending + chunk.toString('utf8')).split('\n');
        pending = lines.pop()!.slice(-10_000);
        const crashLine = lines.findLast((l) => l.startsWith(CRASH_PREFIX));
        if (crashLine) lastCrashLine = crashLine.slice(0, 500);
      });
      proc.on('error', (err) => {
        opts.log(`Could not run EMgen: ${err.message}`);
        if (proc.pid === undefined) finish(1); // never started, so no 'close' to wait for
      });
      // 'close' comes after the last of stderr, so the crash line has been seen.
      proc.on('close', (code, signal) => {
        child = undefined;
        if (pending.startsWith(CRASH_PREFIX)) lastCrashLine = pending.slice(0, 500);
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const why = lastCrashLine ? ` ${lastCrashLine}` : '';
        if (stopping) return finish(code ?? 0);
        if (code === 0) return finish(0);
        if (!ready) {
          opts.log(`EMgen ${how} before it was ready; not restarting it.${why}`);
          return finish(code || 1);
        }
        const now = Date.now();
        crashes.push(now);
        while (crashes[0]! <= now - opts.windowMs) crashes.shift();
        const within = `within ${seconds(opts.windowMs)}`;
        if (crashes.length > opts.maxCrashes) {
          opts.log(
            `EMgen ${how}: ${crashes.length} crashes ${within}, a crash loop; not restarting it again.${why}`,
          );
          return finish(1);
        }
        const delay = Math.min(opts.backoffMs * 2 ** (crashes.length - 1), opts.maxBackoffMs);
        opts.log(
          `EMgen ${how}; restarting it in ${seconds(delay)} (crash ${crashes.length} of ${opts.maxCrashes} allowed ${within}).${why}`,
        );
        restartTimer = setTimeout(start, delay);
      });
    };
    start();
  });
}
