import { LocalDelivery } from './localDelivery';
import {
  IN_PROCESS_HEALTH,
  type BusListener,
  type FanOutHealth,
  type MessageBus,
} from './messageBus';

/**
 * The one-process default: a published message is delivered at once (before
 * `publish` returns, unless a delivery is already under way: then right
 * after it), to this process's subscribers, in publish order.
 */
export class InProcessBus implements MessageBus {
  private readonly local: LocalDelivery;

  /** `failed` hears of a listener that threw (the others still got the message). */
  constructor(failed: (err: unknown, topic: string) => void) {
    this.local = new LocalDelivery(failed);
  }

  publish(topic: string, message: unknown): void {
    this.local.deliver(topic, message);
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.local.subscribe(topic, listener);
  }

  health(): FanOutHealth {
    return IN_PROCESS_HEALTH;
  }

  onHealthChange(): () => void {
    return () => undefined; // one process never changes how far it reaches
  }

  close(): Promise<void> {
    this.local.clear();
    return Promise.resolve();
  }
}
