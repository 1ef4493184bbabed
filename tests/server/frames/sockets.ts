import WebSocket from 'ws';
import { runUsersCommand } from '../../../server/cli/users';
import type { TestServer } from '../harness';

export const WORLD = 'innovation-lab';
/**
 * The one cog the raw app declares, callable and a palette command: it answers
 * with the kvargs it was given, or fails with kvargs.fail when that is set.
 */
export const ECHO = { module: 'tools', cog: 'echo' };
/** Declared as 'echo.run'; the palette reaches a remote app's command as <app>/<id>. */
export const ECHO_COMMAND_ID = 'echo.run';

/** A token for `app` in WORLD, made as an admin would (npm run users -- app-token). */
export async function appToken(server: TestServer, app: string): Promise<string> {
  const lines: string[] = [];
  await runUsersCommand(['app-token', app, WORLD], server.store, { out: (l) => lines.push(l) });
  return lines[1]!;
}

export interface RawSocket {
  ws: WebSocket;
  /** Every text frame received, parsed; binary ones as { binary: length }. */
  frames: any[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** The first frame after index `from` that matches, waiting for it. */
  waitFor(match: (f: any) => boolean, from?: number, timeoutMs?: number): Promise<any>;
}

/** A socket that records what it is sent, for frames no well-behaved client would write. */
export function rawSocket(url: string, headers: Record<string, string> = {}): RawSocket {
  const ws = new WebSocket(url, { headers });
  const frames: any[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data, isBinary) => {
    frames.push(isBinary ? { binary: (data as Buffer).length } : JSON.parse(data.toString()));
    for (const w of waiters) w();
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of waiters) w();
    }),
  );
  const waitFor = (match: (f: any) => boolean, from = 0, timeoutMs = 10_000) =>
    new Promise<any>((resolve, reject) => {
      const check = () => {
        const found = frames.slice(from).find(match);
        if (found || ws.readyState === ws.CLOSED) {
          waiters.delete(check);
          clearTimeout(timer);
          if (found) resolve(found);
          else reject(new Error(`socket closed; got ${JSON.stringify(frames.slice(from))}`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { ws, frames, opened, closed, waitFor };
}

/**
 * A remote app on a raw socket: says cog.hello declaring ECHO, and answers every
 * cog.call for it with its kvargs, so a browser can check the app still serves
 * (kvargs.fail: an error answer; kvargs.deep: an answer nested that deep).
 */
export async function connectRawApp(
  server: TestServer,
  app: string,
  token: string,
): Promise<RawSocket> {
  const sock = rawSocket(`${server.wsUrl}/api/ws/cog?worldId=${WORLD}&app=${app}`, {
    Authorization: `Bearer ${token}`,
  });
  sock.ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const frame = JSON.parse(data.toString());
    if (frame.typ !== 'cog.call') return;
    const kvargs = frame.content.kvargs ?? {};
    if (typeof kvargs.deep === 'number') {
      // An answer too deep to read, its request id after the content as senders write it.
      const result = '['.repeat(kvargs.deep) + ']'.repeat(kvargs.deep);
      const text = `{"typ":"cog.call.response","content":{"status":"success","result":${result}},"request_id":"${frame.request_id}"}`;
      sock.ws.send(text);
      return;
    }
    const content =
      typeof kvargs.fail === 'string'
        ? { status: 'error', error: kvargs.fail }
        : { status: 'success', result: { echoed: kvargs } };
    sock.ws.send(
      JSON.stringify({ typ: 'cog.call.response', content, request_id: frame.request_id }),
    );
  });
  await sock.opened;
  sock.ws.send(
    JSON.stringify({
      typ: 'cog.hello',
      content: {
        appName: app,
        cogs: [
          {
            ...ECHO,
            annotations: { callable: {}, command: { id: ECHO_COMMAND_ID, name: 'Echo' } },
          },
        ],
      },
      requestid: 'hello',
    }),
  );
  const answer = await sock.waitFor((f) => f.typ === 'cog.hello.response');
  if (answer.content.status !== 'success')
    throw new Error(`hello refused: ${answer.content.error}`);
  return sock;
}

/**
 * How long the event loop was held while `run` runs: the largest gap between
 * ticks of a 5 ms timer, counting for each gap no more than the CPU time the
 * process used in it. A loop held by work burns CPU for the whole gap; a
 * process the OS left waiting on a loaded machine (other test files, other
 * jobs) burns none, so that wait is not blamed on the code under test.
 */
export async function longestStall(run: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  const gap = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const held = Math.min(now - last, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
    return held;
  };
  const ticker = setInterval(() => {
    longest = Math.max(longest, gap());
  }, 5);
  try {
    await run();
  } finally {
    clearInterval(ticker);
  }
  return Math.max(longest, gap());
}
