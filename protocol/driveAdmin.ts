import * as z from 'zod/mini';

/**
 * Administering drives (issue 21; not in SPEC §7, whose routes stay as they
 * are): delete with Undo, rename or move, retag, versions, a re-upload's
 * Replace or Keep both, creating and renaming drives, storage per drive.
 * Paths are drive paths; the server checks them (server/drives/paths.ts).
 */

const path = z.string().check(z.minLength(1), z.maxLength(1024));
const tag = z.string().check(z.maxLength(100));

/** Longest drive name (a drive name is a URL segment of the admin pages and the API). */
export const MAX_DRIVE_NAME = 100;

/** POST /api/drives (create) and PATCH /api/drives/{drive} (rename): the drive's name. */
export const driveNameRequestSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(MAX_DRIVE_NAME)),
});
export type DriveNameRequest = z.infer<typeof driveNameRequestSchema>;

/** Files and whole folders one request names (a selection in the admin table). */
export const MAX_PATHS_PER_REQUEST = 1000;

/** POST /api/drives/{drive}/delete: files by path and folders (everything under them). */
export const deleteFilesRequestSchema = z.object({
  paths: z._default(z.array(path).check(z.maxLength(MAX_PATHS_PER_REQUEST)), []),
  folders: z._default(z.array(path).check(z.maxLength(MAX_PATHS_PER_REQUEST)), []),
});
export type DeleteFilesRequest = z.input<typeof deleteFilesRequestSchema>;
export interface DeleteFilesResponse {
  status: 'success';
  /** What Undo sends back (POST /api/drives/{drive}/undelete). */
  data: { batchId: string; deleted: number; detachedFrom: number };
}

export const undeleteRequestSchema = z.object({
  batchId: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type UndeleteRequest = z.infer<typeof undeleteRequestSchema>;

/** POST /api/drives/{drive}/move: a file to a new path, or a folder to a new folder. */
export const moveRequestSchema = z.object({
  from: path,
  to: path,
  folder: z._default(z.boolean(), false),
});
export type MoveRequest = z.input<typeof moveRequestSchema>;
export interface MoveResponse {
  status: 'success';
  data: { moved: number; from: string; to: string };
}

/**
 * POST /api/drives/{drive}/retag: `set` replaces each file's tags; else
 * `add` and `remove` change them (the same cleaning as an upload's tags).
 */
export const retagRequestSchema = z.object({
  paths: z._default(z.array(path).check(z.maxLength(MAX_PATHS_PER_REQUEST)), []),
  folders: z._default(z.array(path).check(z.maxLength(MAX_PATHS_PER_REQUEST)), []),
  set: z.optional(z.array(tag).check(z.maxLength(50))),
  add: z._default(z.array(tag).check(z.maxLength(50)), []),
  remove: z._default(z.array(tag).check(z.maxLength(50)), []),
});
export type RetagRequest = z.input<typeof retagRequestSchema>;

/** POST /api/drives/{drive}/exists: which of these paths hold a file (an upload asks first). */
export const existsRequestSchema = z.object({
  paths: z.array(path).check(z.maxLength(MAX_PATHS_PER_REQUEST)),
});
export interface ExistsResponse {
  status: 'success';
  data: { existing: string[] };
}

/** The multipart field of an upload saying what a file already at its path becomes. */
export const UPLOAD_CONFLICT_FIELD = 'onConflict';
/** replace: the new bytes become the current version (the SPEC's upload, the default); keepBoth: a free name. */
export const UPLOAD_CONFLICTS = ['replace', 'keepBoth'] as const;
export type UploadConflict = (typeof UPLOAD_CONFLICTS)[number];

/** One version of a file (GET /api/drives/{drive}/versions/{path}), newest first. */
export interface FileVersion {
  Version: number;
  Current: boolean;
  Size: number;
  MimeType: string;
  /** When it became the current version, and who made it (a display name; absent: unknown). */
  CreatedAt: string;
  CreatedBy?: string;
  /** When a newer version replaced it (absent for the current one). */
  ReplacedAt?: string;
  ReplacedBy?: string;
}
export interface FileVersionsResponse {
  status: 'success';
  data: { path: string; versions: FileVersion[]; retentionDays: number };
}

/** POST /api/drives/{drive}/versions/{path}: makes an earlier version current (as a new version). */
export const restoreVersionRequestSchema = z.object({
  version: z.int().check(z.minimum(1)),
});

/** Storage of one drive, beyond the SPEC's TotalSize and FileCount (current files). */
export interface DriveStorage {
  VersionCount: number;
  VersionsSize: number;
  TrashCount: number;
  TrashSize: number;
}
