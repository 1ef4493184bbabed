/**
 * One figure of the ingest bench, run in a process of its own (see
 * socketIngest.ts): `tsx socketIngestStore.ts <with|without> <frames>`
 * prints `{ rates, cpuMicros, kept }` as JSON on stdout.
 *
 * Server frames are pushed through the real store (cog middleware: decode and
 * validate against protocol/, then every reducer), as fast as they can go. A
 * fake socket stands in for the network; everything after it is real.
 */
import { JSDOM } from 'jsdom';

const BURST = 1000;
const ROUNDS = 3;
const TEXT = 'The answer, with its working shown: 12.5% of 2,480 is 310. '.repeat(8);

/** Five kinds of frame a busy conversation is made of, as the server writes them. */
const FRAMES = [
  JSON.stringify({
    typ: 'assistant.message',
    content: { message_id: 'm1', name: 'Ada Quant', content: TEXT },
  }),
  JSON.stringify({ typ: 'server.progress', content: { cid: 'c1', status: 'working-ok' } }),
  JSON.stringify({ typ: 'server.heartbeat', content: { time: new Date().toISOString() } }),
  JSON.stringify({
    typ: 'display.researchbox',
    content: { id: 'r1', title: 'Sources', html: `<p>${TEXT}</p>` },
  }),
  JSON.stringify({ typ: 'server.tool.start', content: { tool_name: 'calc_evaluate' } }),
];

export interface IngestRounds {
  /** Frames per second, one figure a round. */
  rates: number[];
  /** CPU time a frame in the cheapest round (this process, GC threads included). */
  cpuMicros: number;
  /** Actions the session recorder holds at the end (0 without it). */
  kept: number;
}

async function measure(withoutActionLog: boolean, frames: number): Promise<IngestRounds> {
  const dom = new JSDOM('', { url: 'http://localhost/' });
  Object.assign(globalThis, { window: dom.window, document: dom.window.document });
  // Production code paths, as the app's bundle has them. The bundler writes "production"
  // in place of every process.env.NODE_ENV; in Node each read is a call into the
  // environment (≈ 0.3 µs; redux's combineReducers reads it once an action), so the env
  // becomes a plain object: the read costs what a constant does in the browser.
  process.env = { ...process.env, NODE_ENV: 'production' };
  const { makeStore } = await import('../../src/store/store');
  const { cogConnectRequested } = await import('../../src/ws/cogActions');

  const opened: BenchSocket[] = [];
  class BenchSocket {
    readyState = 0;
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onclose = null;
    onerror = null;
    constructor() {
      opened.push(this);
    }
    send() {}
    close() {}
  }
  const store = makeStore(undefined, {
    withoutActionLog,
    cog: {
      WebSocketImpl: BenchSocket,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      urlFor: () => 'ws://bench/',
      browserId: () => 'bench',
    },
  });
  // The store loads the compiled frame parsers as a chunk of their own (protocol/compiled);
  // a page has them long before a conversation streams, so the rounds start once they are in.
  await import('../../protocol/compiled/serverFrames');
  await new Promise((resolve) => setImmediate(resolve));
  store.dispatch(cogConnectRequested({ worldId: 'bench' }));
  const socket = opened[0]!;
  socket.readyState = 1;
  socket.onopen?.();

  // A browser hands each message to its own task, so promise callbacks run between
  // frames; here they get their turn every BURST frames instead of piling up.
  const push = async (n: number) => {
    for (let i = 0; i < n; i++) {
      socket.onmessage?.({ data: FRAMES[i % FRAMES.length] });
      if (i % BURST === BURST - 1) await new Promise((resolve) => setImmediate(resolve));
    }
  };

  await push(Math.min(frames, 20_000)); // warm up the JIT and fill the recorder's window
  const rates: number[] = [];
  let cpuMicros = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await push(frames);
    rates.push(Math.round(frames / ((performance.now() - started) / 1000)));
    const cpu = process.cpuUsage(cpuBefore);
    cpuMicros = Math.min(cpuMicros, (cpu.user + cpu.system) / frames);
  }
  return { rates, cpuMicros, kept: withoutActionLog ? 0 : store.actionLog.size };
}

const [mode, frames] = process.argv.slice(2);
const rounds = await measure(mode === 'without', Number(frames));
process.stdout.write(JSON.stringify(rounds));
process.exit(0);
