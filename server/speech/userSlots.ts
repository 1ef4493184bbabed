/** Gives a slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

/** The recognitions each user may have running at once, wherever they run. */
export interface DictationSlots {
  readonly max: number;
  /** A release function when the user has a free slot, else undefined; never rejects. */
  acquire(userId: string): Promise<ReleaseSlot | undefined>;
}

/** Counts the recognitions each user has running on this instance, so that one user cannot run more than `max`. */
export class UserSlots implements DictationSlots {
  private readonly used = new Map<string, number>();

  constructor(readonly max: number) {}

  acquire(userId: string): Promise<ReleaseSlot | undefined> {
    return Promise.resolve(this.take(userId));
  }

  /** As acquire, at once. */
  take(userId: string): ReleaseSlot | undefined {
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
