import type { BusListener } from './messageBus';

/**
 * This instance's subscribers, and the one way a message reaches them,
 * whichever bus carried it. Messages are delivered one at a time in the
 * order they were handed over: a listener that publishes while it is being
 * delivered to queues its message behind the one in hand, so every
 * listener sees every message in the same order. A listener that throws
 * costs that listener that message, never the others or the process.
 */
export class LocalDelivery {
  private readonly listeners = new Map<string, Set<BusListener>>();
  private readonly queue: { topic: string; message: unknown }[] = [];
  private delivering = false;

  constructor(private readonly failed: (err: unknown, topic: string) => void) {}

  subscribe(topic: string, listener: BusListener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.listeners.get(topic) === set) this.listeners.delete(topic);
    };
  }

  deliver(topic: string, message: unknown): void {
    this.queue.push({ topic, message });
    if (this.delivering) return;
    this.delivering = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        for (const listener of [...(this.listeners.get(next.topic) ?? [])]) {
          try {
            listener(next.message);
          } catch (err) {
            this.failed(err, next.topic);
          }
        }
      }
    } finally {
      this.delivering = false;
    }
  }

  clear(): void {
    this.listeners.clear();
    this.queue.length = 0;
  }
}
