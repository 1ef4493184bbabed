import type { ServerContent, ServerTyp } from '../../protocol';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';

/** Everyone looking at one workspace right now: its frames go to all of them. */
export function workspaceAudience(hub: CogHub, worldId: string, workspaceId: string) {
  const viewers = (): CogConnection[] =>
    hub.connections(worldId).filter((c) => c.context.get('workspace_id') === workspaceId);
  return {
    send<T extends ServerTyp>(typ: T, content: ServerContent<T>): void {
      for (const conn of viewers()) hub.send(conn, typ, content);
    },
  };
}
export type Audience = ReturnType<typeof workspaceAudience>;
