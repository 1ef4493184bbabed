import type { ExpertReporter } from '../types';

/**
 * Streams a finished answer the way a model would: a few growing partials
 * (word groups, `paceMs` apart), then the final text. Stops promptly when
 * the signal aborts.
 */

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function streamAnswer(
  report: ExpertReporter,
  text: string,
  paceMs: number,
  signal: AbortSignal,
): Promise<void> {
  const pieces = text.split(/(?<=\s)/);
  const perChunk = Math.max(4, Math.ceil(pieces.length / 6));
  for (let end = perChunk; end < pieces.length; end += perChunk) {
    signal.throwIfAborted();
    report.answer(pieces.slice(0, end).join('').trimEnd(), false);
    if (paceMs > 0) await sleep(paceMs, signal);
  }
  signal.throwIfAborted();
  report.answer(text, true);
}
