import { setMaxListeners } from 'node:events';
import type { MessageBus } from '../cog/bus';

/** Why an answer ended early when the user pressed Stop. */
export class StoppedByUser extends Error {
  constructor() {
    super('Stopped');
    this.name = 'StoppedByUser';
  }
}

/** The bus topic a Stop travels on, so it reaches the instance running the round. */
export const STOP_TOPIC = 'meeting.stop';

/**
 * The answers under way in this process, per workspace, so that Stop
 * (round.stop) aborts them: their engines, tools and model streams listen to
 * the signal of the round they belong to. A Stop is published on the bus and
 * every instance stops what it runs for that workspace: the round runs on the
 * instance that took the question, whichever instance the Stop came to.
 */
export class WorkspaceStops {
  private readonly running = new Map<string, Set<AbortController>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly bus?: MessageBus) {
    this.unsubscribe =
      bus?.subscribe(STOP_TOPIC, (message) => {
        const id = (message as { workspaceId?: unknown } | null)?.workspaceId;
        if (typeof id === 'string') this.stopHere(id);
      }) ?? (() => {});
  }

  /** A signal for answers starting in the workspace; `end` once they are done. */
  begin(workspaceId: string): { signal: AbortSignal; end: () => void } {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    let set = this.running.get(workspaceId);
    if (!set) this.running.set(workspaceId, (set = new Set()));
    set.add(controller);
    return {
      signal: controller.signal,
      end: () => {
        set.delete(controller);
        if (!set.size && this.running.get(workspaceId) === set) this.running.delete(workspaceId);
      },
    };
  }

  /** Whether answers of the workspace are under way in this process. */
  isRunning(workspaceId: string): boolean {
    return (this.running.get(workspaceId)?.size ?? 0) > 0;
  }

  /** Stops the workspace's answers on every instance (on this one only without a bus). */
  stop(workspaceId: string): void {
    if (this.bus) this.bus.publish(STOP_TOPIC, { workspaceId });
    else this.stopHere(workspaceId);
  }

  close(): void {
    this.unsubscribe();
  }

  private stopHere(workspaceId: string): void {
    const set = this.running.get(workspaceId);
    if (!set) return;
    this.running.delete(workspaceId);
    for (const c of set) c.abort(new StoppedByUser());
  }
}
