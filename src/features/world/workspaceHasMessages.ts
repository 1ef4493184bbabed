import { HEADER_WORLD_ID } from '../../../protocol/constants';
import {
  workspaceSummaryPath,
  type WorkspaceSummaryResponse,
} from '../../../protocol/workspaceSummary';
import { applyStandardHeaders } from '../../api/requestHeaders';

/**
 * Whether the workspace has a conversation to show, asked over REST as its
 * route matches (GET /api/workspaces/{id}), long before the socket brings
 * the history. undefined when the server could not say (not signed in, not
 * open to this user, offline, aborted): the page finds out from the socket.
 */
export async function workspaceHasMessages(
  worldId: string,
  workspaceId: string,
  signal?: AbortSignal,
): Promise<boolean | undefined> {
  try {
    // The world of the route being opened, not the address bar's (still the page being left
    // during an in-app navigation).
    const headers = applyStandardHeaders(new Headers());
    headers.set(HEADER_WORLD_ID, worldId);
    const response = await fetch(`${window.location.origin}${workspaceSummaryPath(workspaceId)}`, {
      headers,
      credentials: 'same-origin',
      signal,
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Partial<WorkspaceSummaryResponse> | null;
    const count = body?.data?.messageCount;
    return typeof count === 'number' ? count > 0 : undefined;
  } catch {
    return undefined;
  }
}
