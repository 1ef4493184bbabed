import { z } from 'zod';
import type { CogConnection } from './connection';

/**
 * Who a frame is for, whichever instance holds their sockets: everyone
 * looking at one workspace, everyone in a world, or one account's sockets
 * (in one world, or in all).
 */
export type Audience =
  | {
      kind: 'workspace';
      worldId: string;
      workspaceId: string;
      /** These accounts' sockets are left out (the participants, when a workspace stops being shared). */
      exceptUsers?: string[];
    }
  | { kind: 'world'; worldId: string }
  | { kind: 'user'; userId: string; worldId?: string };

/** The bus topic frames for an audience travel on. */
export const FRAMES_TOPIC = 'frames';

const audienceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('workspace'),
    worldId: z.string(),
    workspaceId: z.string(),
    exceptUsers: z.array(z.string()).optional(),
  }),
  z.object({ kind: z.literal('world'), worldId: z.string() }),
  z.object({ kind: z.literal('user'), userId: z.string(), worldId: z.string().optional() }),
]);

/** What goes on the bus: the frame as it is written to each socket, and who gets it. */
export const audienceFrameSchema = z.object({
  audience: audienceSchema,
  frame: z.object({ typ: z.string(), content: z.unknown() }),
});
export type AudienceFrame = z.infer<typeof audienceFrameSchema>;

/**
 * Whether a socket of this instance is in the audience. A workspace's frames
 * reach only sockets that set it as their workspace AND passed its access
 * check (admittedWorkspace): setting a workspace id alone is not enough.
 */
export function reaches(audience: Audience, conn: CogConnection): boolean {
  switch (audience.kind) {
    case 'workspace':
      return (
        conn.worldId === audience.worldId &&
        conn.admittedWorkspace === audience.workspaceId &&
        conn.context.get('workspace_id') === audience.workspaceId &&
        !audience.exceptUsers?.includes(conn.userId)
      );
    case 'world':
      return conn.worldId === audience.worldId;
    case 'user':
      return (
        conn.userId === audience.userId && (!audience.worldId || conn.worldId === audience.worldId)
      );
  }
}
