import type { ListedWorkspace } from '../../../../protocol';
import { t } from '../../../i18n/i18n';

/** The name a workspace is listed under. */
export function workspaceTitle(name: string | null | undefined): string {
  return name?.trim() || t('Untitled workspace');
}

export interface WorkspaceGroups {
  pinned: ListedWorkspace[];
  recent: ListedWorkspace[];
  archived: ListedWorkspace[];
}

/**
 * The sidebar's sections: pinned ones on top, then the rest, each by most
 * recent activity (the server's order); archived ones apart; the ones just
 * deleted here left out before the server's next list.
 */
export function groupWorkspaces(
  workspaces: readonly ListedWorkspace[],
  deleted: readonly string[],
): WorkspaceGroups {
  const gone = new Set(deleted);
  const groups: WorkspaceGroups = { pinned: [], recent: [], archived: [] };
  for (const ws of workspaces) {
    if (gone.has(ws.workspace_id)) continue;
    if (ws.archived) groups.archived.push(ws);
    else if (ws.pinned) groups.pinned.push(ws);
    else groups.recent.push(ws);
  }
  return groups;
}

/** A snippet from the server, «marked» words apart: plain text pieces, rendered as text nodes. */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  const re = /«([^«»]*)»/g;
  let at = 0;
  for (let m = re.exec(snippet); m; m = re.exec(snippet)) {
    if (m.index > at) parts.push({ text: snippet.slice(at, m.index), marked: false });
    parts.push({ text: m[1]!, marked: true });
    at = m.index + m[0].length;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false });
  return parts;
}
