/*
 * A workspace over REST, before its socket is open: what a page opening it
 * decides from early (the socket's workspace frames tell the rest).
 */

/** GET /api/workspaces/{id}: the workspace as the signed-in person may open it. */
export interface WorkspaceSummary {
  id: string;
  /** null until it is named (its first question names it). */
  name: string | null;
  /** Stored messages, every expert's included: 0 for a conversation not yet begun. */
  messageCount: number;
}

export interface WorkspaceSummaryResponse {
  status: 'success';
  data: WorkspaceSummary;
}

export function workspaceSummaryPath(workspaceId: string): string {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}`;
}
