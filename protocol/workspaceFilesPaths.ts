import type { ExportFormat } from './workspaceFiles';

/** The REST paths of a workspace's files and export, built in one place. */
export function workspaceFilesPath(workspaceId: string): string {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/files`;
}

export function workspaceExportPath(workspaceId: string, format: ExportFormat): string {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/export?format=${format}`;
}
