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
  /**
   * The workspace the access check let this socket into (openWorkspace):
   * only then does it get that workspace's live frames. Cleared when the
   * client sets another workspace_id and when its access is taken away.
   */
  admittedWorkspace?: string;
  /** Apps the client reported in cog.apps.response. */
  clientApps: Application[];
  alive: boolean;
  timers: Set<NodeJS.Timeout>;
}
