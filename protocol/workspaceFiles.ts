import * as z from 'zod/mini';
import { exportFormats } from './workspaceFilesPaths';

/*
 * The files of a workspace and its export (issue 20): REST shapes shared by
 * the browser and the server. The socket side is one frame,
 * workspace.files.changed (serverMessages.ts), after which clients refetch.
 */

/** A drive file attached to a workspace, as its header chips show it. */
export interface WorkspaceFile {
  drive: string;
  path: string;
  name: string;
  size: number;
  mimeType: string;
}

/** GET /api/workspaces/{id}/files */
export interface WorkspaceFilesResponse {
  status: 'success';
  data: {
    files: WorkspaceFile[];
    /** Where the message box's attachments go (null: the world has no drive of its own). */
    uploadDrive: string | null;
    uploadFolder: string;
  };
}

/** POST /api/workspaces/{id}/files (multipart, field "file", one or more): what was attached. */
export interface WorkspaceUploadResponse {
  status: 'success';
  data: { files: WorkspaceFile[] };
}

/** DELETE /api/workspaces/{id}/files?drive=…&path=… */
export const removeWorkspaceFileQuerySchema = z.object({
  drive: z.string().check(z.minLength(1), z.maxLength(200)),
  path: z.string().check(z.minLength(1), z.maxLength(4096)),
});
export type RemoveWorkspaceFileQuery = z.infer<typeof removeWorkspaceFileQuerySchema>;

export { exportFormats, type ExportFormat } from './workspaceFilesPaths';

/** GET /api/workspaces/{id}/export?format=md|json */
export const exportQuerySchema = z.object({
  format: z._default(z.enum(exportFormats), 'md'),
});

/** The JSON export's layout version: readers check it before reading the rest. */
export const EXPORT_VERSION = 1;

/** One message of the JSON export. */
export interface ExportedMessage {
  id: string;
  role: string;
  name: string | null;
  expertId: string | null;
  userId: string | null;
  content: string;
  html: string | null;
  createdAt: string;
}

/** The JSON export: a stable layout (version) a reader can rely on. */
export interface WorkspaceExport {
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  workspace: { id: string; name: string | null; worldId: string; createdAt: string };
  files: WorkspaceFile[];
  messages: ExportedMessage[];
  research: {
    id: string;
    name: string | null;
    title: string | null;
    html: string | null;
    content: string | null;
  }[];
  traces: { key: string; html: string | null; value: unknown }[];
}

// The REST paths of this area, in a file without schemas: the app's entry builds them too.
export { workspaceExportPath, workspaceFilesPath } from './workspaceFilesPaths';
