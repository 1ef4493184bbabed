/** Counts the recognitions each user has running, so that one user cannot run more than `max`. */
export class UserSlots {
  private readonly used = new Map<string, number>();

  constructor(readonly max: number) {}

  /** A release function when the user has a free slot (call it once), or undefined. */
  acquire(userId: string): (() => void) | undefined {
    const n = this.used.get(userId) ?? 0;
    if (n >= this.max) return undefined;
    this.used.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.used.get(userId) ?? 1) - 1;
      if (left > 0) this.used.set(userId, left);
      else this.used.delete(userId);
    };
  }

  inUse(userId: string): number {
    return this.used.get(userId) ?? 0;
  }
}
