/**
 * Counts failed sign-ins per key (an account, an address) in a sliding
 * window. Successful sign-ins clear the account's count.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
    // Bound memory: an attacker cycling keys must not grow the map forever.
    if (this.failures.size > 50_000) this.failures.delete(this.failures.keys().next().value!);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }
}

/** Per account: 5 failures in 15 minutes. Per address: 30 in 15 minutes (shared NATs). */
export function loginLimiters(now: () => number = Date.now) {
  return {
    account: new FailureLimiter(5, 15 * 60_000, now),
    address: new FailureLimiter(30, 15 * 60_000, now),
  };
}
export type LoginLimiters = ReturnType<typeof loginLimiters>;
