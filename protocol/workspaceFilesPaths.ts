/*
 * A workspace's export formats and the REST paths of its files and export, in a file without
 * zod: the app's entry builds these paths (the workspace route asks for the files list), and
 * the area's schemas (workspaceFiles.ts) would come into the entry with them.
 */

export const exportFormats = ['md', 'json'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The REST paths of a workspace's files and export, built in one place. */
export function workspaceFilesPath(workspaceId: string): string {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/files`;
}

export function workspaceExportPath(workspaceId: string, format: ExportFormat): string {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/export?format=${format}`;
}
