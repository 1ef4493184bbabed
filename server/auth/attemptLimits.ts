import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Failed attempts one account may make in a window before it has to wait. */
export interface AttemptLimitSettings {
  max: number;
  windowMs: number;
}

/** Per account: 5 wrong passwords or codes in 15 minutes, like sign-in. */
export const SETTINGS_ATTEMPT_LIMITS: AttemptLimitSettings = { max: 5, windowMs: 15 * 60_000 };

/** Failed attempts at something one signed-in account does (a password change, a PIN code). */
export interface AttemptLimit {
  /** Seconds until the account may try again, or 0 when it may try now. */
  retryAfterSeconds(req: FastifyRequest, userId: string): Promise<number>;
  /** Counts a failed attempt of the account. */
  failed(req: FastifyRequest, userId: string): Promise<void>;
}

/**
 * A limit on @fastify/rate-limit (registered by registerLoginLimits, with
 * its counts in Redis when there is one, so every instance counts the same
 * failures), keyed by `kind` and the account. Like sign-in, the route asks
 * before it checks and counts only failures.
 */
export function attemptLimit(
  app: FastifyInstance,
  kind: string,
  settings: AttemptLimitSettings = SETTINGS_ATTEMPT_LIMITS,
): AttemptLimit {
  const accounts = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: settings.max,
    timeWindow: settings.windowMs,
    keyGenerator: (req) => `${kind}:${accounts.get(req) ?? ''}`,
  });
  return {
    async retryAfterSeconds(req, userId) {
      accounts.set(req, userId);
      const state = await limit(req, { increment: false });
      return state.isAllowed || state.remaining > 0 ? 0 : Math.max(1, state.ttlInSeconds);
    },
    async failed(req, userId) {
      accounts.set(req, userId);
      await limit(req);
    },
  };
}
