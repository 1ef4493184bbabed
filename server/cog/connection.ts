import type { WebSocket } from 'ws';
import type { Application } from '../../protocol';

/** One open /api/ws/cog socket and what the server knows about it. */
export interface CogConnection {
  id: number;
  socket: WebSocket;
  worldId: string;
  userId: string;
  browserId: string;
  version: string;
  /** Values the client set with scontext.set (e.g. workspace_id). */
  context: Map<string, unknown>;
  /** Apps the client reported in cog.apps.response. */
  clientApps: Application[];
  alive: boolean;
  timers: Set<NodeJS.Timeout>;
}
