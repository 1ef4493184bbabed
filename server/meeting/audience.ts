import type { ServerContent, ServerTyp } from '../../protocol';
import type { CogHub } from '../cog/hub';

/** Everyone looking at one workspace right now, on any instance: its frames go to all of them. */
export function workspaceAudience(hub: CogHub, worldId: string, workspaceId: string) {
  return {
    send<T extends ServerTyp>(typ: T, content: ServerContent<T>): void {
      hub.toAudience({ kind: 'workspace', worldId, workspaceId }, typ, content);
    },
  };
}
export type Audience = ReturnType<typeof workspaceAudience>;
