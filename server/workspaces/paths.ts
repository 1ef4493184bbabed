/** The client URLs of workspaces the server hands out: dashboard, flows, commands (SPEC §2 route table). */
const w = (worldId: string) => `/w/${encodeURIComponent(worldId)}`;

export function workspaceUrl(worldId: string, workspaceId: string): string {
  return `${w(worldId)}/workspace?id=${encodeURIComponent(workspaceId)}`;
}

export function createWorkspaceUrl(worldId: string, workspaceId: string): string {
  return `${w(worldId)}/workspace-management?id=${encodeURIComponent(workspaceId)}&mode=create`;
}

/** The seeded welcome meeting of a world. */
export const welcomeWorkspaceId = (worldId: string) => `${worldId}-welcome`;

/** The Configure Workspace page of a workspace (the sidebar's button goes there too). */
export function configureWorkspaceUrl(worldId: string, workspaceId: string): string {
  return `${w(worldId)}/workspace-management?id=${encodeURIComponent(workspaceId)}&mode=edit`;
}
