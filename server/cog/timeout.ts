/**
 * Settles as `work` does, or rejects with `timedOut()` once `ms` have passed,
 * whichever comes first. The clock is `AbortSignal.timeout`: nothing to clear
 * afterwards, and it keeps no process alive. `work` itself is not stopped; a
 * late answer or failure of it is ignored.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  return untilAborted(work, AbortSignal.timeout(ms), timedOut);
}

/** Settles as `work` does, or rejects with `aborted()` as soon as `signal` aborts. */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
  aborted: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
