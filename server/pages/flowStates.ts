/** Flows in progress kept at once; the least recently used is forgotten first. */
export const MAX_LIVE_FLOWS = 1000;
/** A flow nobody touched for this long is forgotten (ms). */
export const FLOW_IDLE_MS = 3600_000;

export interface FlowKey {
  worldId: string;
  userId: string;
  flowid: string;
}

interface Entry {
  state: Record<string, unknown>;
  touched: number;
}

/**
 * Where each user is in each flow, per world, in memory (so a reload resumes
 * the flow; a restart of the server starts it again). Bounded in count and
 * in idle time; a Map keeps insertion order, so the first entry is always
 * the least recently touched one.
 */
export class FlowStates {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly opts: { max?: number; idleMs?: number; now?: () => number } = {}) {}

  private get max() {
    return this.opts.max ?? MAX_LIVE_FLOWS;
  }

  private get idleMs() {
    return this.opts.idleMs ?? FLOW_IDLE_MS;
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  private static id(key: FlowKey): string {
    return JSON.stringify([key.worldId, key.userId, key.flowid]);
  }

  /** The state saved for this flow, or undefined (never started, finished or expired). */
  get(key: FlowKey): Record<string, unknown> | undefined {
    this.expire();
    const id = FlowStates.id(key);
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    // Touching moves it to the end: most recently used.
    this.entries.delete(id);
    entry.touched = this.now();
    this.entries.set(id, entry);
    return entry.state;
  }

  set(key: FlowKey, state: Record<string, unknown>): void {
    const id = FlowStates.id(key);
    this.entries.delete(id);
    this.entries.set(id, { state, touched: this.now() });
    this.expire();
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: FlowKey): void {
    this.entries.delete(FlowStates.id(key));
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops idle entries; they sit at the front, so this stops at the first live one. */
  private expire(): void {
    const cutoff = this.now() - this.idleMs;
    for (const [id, entry] of this.entries) {
      if (entry.touched > cutoff) break;
      this.entries.delete(id);
    }
  }
}
