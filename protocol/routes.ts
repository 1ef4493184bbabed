/**
 * The client URLs the server hands out in messages, dashboard actions and
 * flows (SPEC §2 route table): shared so that any server area may link to a
 * screen without importing another area.
 */
const w = (worldId: string) => `/w/${encodeURIComponent(worldId)}`;

export function workspaceUrl(worldId: string, workspaceId: string): string {
  return `${w(worldId)}/workspace?id=${encodeURIComponent(workspaceId)}`;
}

export function createWorkspaceUrl(worldId: string, workspaceId: string): string {
  return `${w(worldId)}/workspace-management?id=${encodeURIComponent(workspaceId)}&mode=create`;
}

/** The Configure Workspace page of a workspace (the sidebar's button goes there too). */
export function configureWorkspaceUrl(worldId: string, workspaceId: string): string {
  return `${w(worldId)}/workspace-management?id=${encodeURIComponent(workspaceId)}&mode=edit`;
}
