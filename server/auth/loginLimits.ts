import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { loginCounters } from './loginCounters';

export interface LoginLimitSettings {
  /** Failed sign-ins one account may have in a window. */
  accountMax: number;
  /** Failed sign-ins one address may have in a window (higher: shared NATs). */
  addressMax: number;
  /** The window, from the first failure it counts. */
  windowMs: number;
}

/** Per account: 5 failures in 15 minutes. Per address: 30 in 15 minutes. */
export const LOGIN_LIMITS: LoginLimitSettings = {
  accountMax: 5,
  addressMax: 30,
  windowMs: 15 * 60_000,
};

/** The account a sign-in names, as the limits count it: its email, trimmed, lower case. */
export function signInAccount(email: string): string {
  return email.trim().toLowerCase();
}

/** Failed sign-ins per account and per address, counted across every instance. */
export interface LoginLimits {
  /** Seconds until this sign-in may be tried, or 0 when it may be tried now. */
  retryAfterSeconds(req: FastifyRequest, account: string): Promise<number>;
  /** Counts a failed sign-in against the account and the address. */
  failed(req: FastifyRequest, account: string): Promise<void>;
  /** A successful sign-in clears the account's failures. */
  succeeded(account: string): Promise<void>;
}

/**
 * Registers @fastify/rate-limit for the sign-in route only (no global
 * limit) and builds the two limits on it. The route checks them itself,
 * without counting, before it checks the password, and counts only failures,
 * so that its 429 reads as the spec words it.
 */
export async function registerLoginLimits(
  app: FastifyInstance,
  deps: { redis?: Redis; settings?: Partial<LoginLimitSettings> },
): Promise<LoginLimits> {
  const settings = { ...LOGIN_LIMITS, ...deps.settings };
  const counters = loginCounters(deps.redis, app.log);
  await app.register(fastifyRateLimit, { global: false, store: counters.Store });

  // The route reads the account from the body it has already validated, and hands it over here.
  const accounts = new WeakMap<FastifyRequest, string>();
  const accountKey = (account: string) => `account:${account}`;
  const byAccount = app.createRateLimit({
    max: settings.accountMax,
    timeWindow: settings.windowMs,
    keyGenerator: (req) => accountKey(accounts.get(req) ?? ''),
  });
  const byAddress = app.createRateLimit({
    max: settings.addressMax,
    timeWindow: settings.windowMs,
    keyGenerator: (req) => `address:${normalizeIP(req.ip)}`,
  });
  const limits = [byAccount, byAddress];

  return {
    async retryAfterSeconds(req, account) {
      accounts.set(req, account);
      const states = await Promise.all(limits.map((limit) => limit(req, { increment: false })));
      const waits = states.map((s) =>
        s.isAllowed || s.remaining > 0 ? 0 : Math.max(1, s.ttlInSeconds),
      );
      return Math.max(...waits);
    },
    async failed(req, account) {
      accounts.set(req, account);
      await Promise.all(limits.map((limit) => limit(req)));
    },
    succeeded: (account) => counters.clear(accountKey(account)),
  };
}
