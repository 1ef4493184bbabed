/**
 * Runs tasks one after another per key (different keys run side by side): a
 * task starts once the one queued before it under the same key has settled,
 * whether it resolved or threw. So two events of the same flow (a double
 * click, two tabs) never read the same state and both write it, a socket's
 * frames are handled in the order they came, and a meeting's transcript is
 * written in the order things were said.
 */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
