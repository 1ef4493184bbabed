/**
 * Retry with exponential backoff and full jitter, as used by Beacon's workers
 * for calls to Twilio, Xero and other third parties.
 *
 * Only retry errors that may succeed next time (timeouts, 429, 5xx), and only
 * retry operations that are idempotent — pass an idempotency key to APIs that
 * create things (see the 14 March 2026 postmortem).
 */

export interface RetryOptions {
  /** Attempts in total, including the first. */
  attempts?: number;
  /** Delay before the first retry, in milliseconds. */
  baseDelayMs?: number;
  /** Upper bound for any single delay. */
  maxDelayMs?: number;
  /** Decides whether an error is worth another attempt. */
  retryable?: (error: unknown) => boolean;
  signal?: AbortSignal;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const defaultRetryable = (error: unknown) =>
  !(error instanceof HttpError) || error.status === 429 || error.status >= 500;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export async function retry<T>(operation: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const { attempts = 5, baseDelayMs = 200, maxDelayMs = 10_000 } = opts;
  const retryable = opts.retryable ?? defaultRetryable;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error;
      // Full jitter: a random delay between 0 and the exponential cap.
      const cap = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      await sleep(Math.random() * cap, opts.signal);
    }
  }
}

// Example: send a reminder at most once, however many times we retry.
// await retry(() => sms.send({ to, body, idempotencyKey: `reminder-${job.id}` }));
