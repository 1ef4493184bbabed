import { JSDOM } from 'jsdom';
import type { BenchResult } from './report';

/**
 * Server frames pushed through the real store (cog middleware: decode and
 * validate against protocol/, then every reducer), as fast as they can go.
 * A fake socket stands in for the network; everything after it is real.
 */
export async function socketIngestBench(): Promise<BenchResult> {
  const dom = new JSDOM('', { url: 'http://localhost/' });
  Object.assign(globalThis, { window: dom.window, document: dom.window.document });
  process.env.NODE_ENV = 'production';
  const { makeStore } = await import('../src/store/store');
  const { cogConnectRequested } = await import('../src/ws/cogActions');

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
    cog: {
      WebSocketImpl: BenchSocket,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      urlFor: () => 'ws://bench/',
      browserId: () => 'bench',
    },
  });
  store.dispatch(cogConnectRequested({ worldId: 'bench' }));
  const s = opened[0]!;
  s.readyState = 1;
  s.onopen?.();

  const text = 'The answer, with its working shown: 12.5% of 2,480 is 310. '.repeat(8);
  const frames = [
    JSON.stringify({
      typ: 'assistant.message',
      content: { message_id: 'm1', name: 'Ada Quant', content: text },
    }),
    JSON.stringify({ typ: 'server.progress', content: { cid: 'c1', status: 'working-ok' } }),
    JSON.stringify({ typ: 'server.heartbeat', content: { time: new Date().toISOString() } }),
    JSON.stringify({
      typ: 'display.researchbox',
      content: { id: 'r1', title: 'Sources', html: `<p>${text}</p>` },
    }),
    JSON.stringify({ typ: 'server.tool.start', content: { tool_name: 'calc_evaluate' } }),
  ];
  const push = (n: number) => {
    for (let i = 0; i < n; i++) s.onmessage?.({ data: frames[i % frames.length] });
  };
  push(5_000); // warm up the JIT
  const n = 100_000;
  const started = performance.now();
  push(n);
  const seconds = (performance.now() - started) / 1000;
  return {
    name: 'socket ingest through middleware + reducers',
    value: Math.round(n / seconds),
    unit: 'frames/s',
    budget: 20_000,
    kind: 'min',
    detail: `${n.toLocaleString('en-US')} frames (5 kinds, production store) in ${seconds.toFixed(2)} s`,
  };
}
