import type { Store } from '../store';
import type { FlowKey } from '../store/flowStates';

export type { FlowKey } from '../store/flowStates';

/** Flows in progress kept at once; the least recently used is forgotten first. */
export const MAX_LIVE_FLOWS = 1000;
/** A flow nobody touched for this long is forgotten (ms). */
export const FLOW_IDLE_MS = 3600_000;

/**
 * Where each user is in each flow, per world, kept in the store: a reload
 * resumes the flow on whichever instance it lands, and a restart too. Bounded
 * in count and in idle time (the least recently touched go first).
 */
export class FlowStates {
  constructor(
    private readonly store: Pick<Store, 'flowStates'>,
    private readonly opts: { max?: number; idleMs?: number; now?: () => number } = {},
  ) {}

  private get bounds() {
    return { max: this.opts.max ?? MAX_LIVE_FLOWS, idleMs: this.opts.idleMs ?? FLOW_IDLE_MS };
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  /** The state saved for this flow, or undefined (never started, finished or expired). */
  async get(key: FlowKey): Promise<Record<string, unknown> | undefined> {
    const state = await this.store.flowStates.get(key, this.now(), this.bounds);
    return state && typeof state === 'object' ? (state as Record<string, unknown>) : undefined;
  }

  set(key: FlowKey, state: Record<string, unknown>): Promise<void> {
    return this.store.flowStates.set(key, state, this.now(), this.bounds);
  }

  delete(key: FlowKey): Promise<void> {
    return this.store.flowStates.delete(key);
  }

  /** Flows kept now. */
  size(): Promise<number> {
    return this.store.flowStates.count();
  }
}
