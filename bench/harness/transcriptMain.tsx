/**
 * Bench harness (not part of the app): the real store and the real
 * Transcript component in a production build. It measures what DESIGN §8
 * budgets: mounting a transcript that holds 10,000 messages, and rendering
 * one appended message. Results go to window.__transcriptBench.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { preloadRichText } from '../../src/components/RichTextOnDemand';
import { Transcript } from '../../src/features/workspace/components/Transcript';
import { makeStore } from '../../src/store/store';
import { AppTheme } from '../../src/theme/AppTheme';
import { cogIn } from '../../src/ws/cogActions';

class NoSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

const store = makeStore(undefined, {
  cog: {
    WebSocketImpl: NoSocket,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    urlFor: () => 'ws://bench.invalid/',
    browserId: () => 'bench',
  },
});

const message = (i: number) =>
  cogIn('display.message')({
    typ: 'display.message',
    content: {
      message_id: `m${i}`,
      name: i % 2 ? 'Ada Quant' : 'Administrator',
      role: i % 2 ? 'assistant' : 'user',
      content:
        i % 2
          ? `**${i * 7}** — the working for question ${i}, with *some* markdown.`
          : `Question ${i}?`,
    },
  });

const nextFrame = () =>
  new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));

function rowShown(id: string): Promise<number> {
  return new Promise((resolve) => {
    const found = () => document.querySelector(`[data-message-id="${id}"]`);
    if (found()) return resolve(performance.now());
    const observer = new MutationObserver(() => {
      if (found()) {
        observer.disconnect();
        resolve(performance.now());
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** How many messages the store holds before the transcript mounts (?messages=, default 10,000). */
const MESSAGES = Number(new URLSearchParams(location.search).get('messages')) || 10_000;

async function run() {
  // The page fetches the markdown renderer with its first content: in before the rows mount.
  await preloadRichText();
  for (let i = 0; i < MESSAGES; i++) store.dispatch(message(i));
  store.dispatch({ type: 'bench/loaded' });
  await nextFrame();

  const root = createRoot(document.getElementById('root')!);
  const mountStart = performance.now();
  flushSync(() =>
    root.render(
      <Provider store={store}>
        <AppTheme>
          <Transcript />
        </AppTheme>
      </Provider>,
    ),
  );
  await rowShown(`m${MESSAGES - 1}`);
  const mounted = await nextFrame(); // the virtualizer measures rows and settles within the frame
  const mountMs = mounted - mountStart;
  // ?pause=1: a profiler (CPU profile of the appends alone) starts before window.__go() goes on.
  if (new URLSearchParams(location.search).has('pause')) {
    await new Promise<void>((go) => Object.assign(window, { __mounted: true, __go: go }));
  }

  const appendMs: number[] = [];
  for (let i = MESSAGES; i < MESSAGES + 30; i++) {
    await nextFrame();
    const start = performance.now();
    store.dispatch(message(i));
    store.dispatch({ type: 'bench/flush' }); // notify now: this measures rendering, not batching
    appendMs.push((await rowShown(`m${i}`)) - start);
  }
  const sorted = [...appendMs].sort((a, b) => a - b);
  (window as unknown as { __transcriptBench: unknown }).__transcriptBench = {
    mountMs,
    appendMedianMs: sorted[Math.floor(sorted.length / 2)],
    appendWorstMs: sorted[sorted.length - 1],
    // In order: which append was slow says whether it is a first-time cost or a recurring one.
    appendMs,
  };
}

void run();
