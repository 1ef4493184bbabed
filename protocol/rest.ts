import { z } from 'zod';
import type { Command } from './entities';

/** Request and response shapes of every REST call in SPEC §7. */

export const HEADER_VERSION = 'X-Client-Version';
export const HEADER_BROWSER_ID = 'X-Browser-Id';
export const HEADER_WORLD_ID = 'X-World-Id';
export const HEADER_CSRF = 'X-CSRF-Token';
export const CSRF_COOKIE = 'emgen_csrf';
export const SESSION_COOKIE = 'emgen_session';
export const DEFAULT_CLIENT_VERSION = '1.0.0';

// ---- auth --------------------------------------------------------------

export const authRequestSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  pin: z.string().max(32).optional().nullable(),
});
export type AuthRequest = z.infer<typeof authRequestSchema>;

export interface SessionUser {
  name: string;
  email: string;
}
export interface AccessibleWorld {
  world_id: string;
  name: string;
}
export type UserStatus = 'ok' | 'unauthorized' | 'error';

/** Answer of POST /api/auth and POST /api/user. */
export interface UserSessionResponse {
  status: UserStatus;
  user?: SessionUser;
  active_world?: string;
  accessible_worlds?: AccessibleWorld[];
  login_url?: string;
  error?: string;
}

export interface SignoutResponse {
  status: 'ok';
}

/** Every error body the server sends. */
export interface ErrorResponse {
  status: 'error';
  error: string;
  login_url?: string;
  retry_after_seconds?: number;
}

// ---- dashboard and actions ----------------------------------------------

export type DashboardStatus = 'ok' | 'loading' | 'error' | 'unauthorized';
export interface Widget {
  layout: string;
  [field: string]: unknown;
}
export interface DashboardResponse {
  status: DashboardStatus;
  error?: string;
  main_column: Widget[];
  side_column: Widget[];
}
export interface HistoryWorkspace {
  workspace_id: string;
  name?: string;
  url: string;
  created_ago: string;
  users: { user_id: string; name: string }[];
  experts: { expert_id: string; name: string }[];
}

export const actionRequestSchema = z.record(z.string(), z.unknown());
export interface ActionResponse {
  status: 'ok';
  redirect_url?: string;
}

// ---- drives ----------------------------------------------------------------

export interface DriveTag {
  Name: string;
  Count: number;
}
export interface Drive {
  Name: string;
  TotalSize: number;
  FileCount: number;
  Tags: DriveTag[];
  IsAppDrive?: boolean;
}
export interface DriveFile {
  Path: string;
  Name: string;
  MimeType: string;
  Size: number;
  Tags: string[];
  UpdatedAt: string;
  Description?: string;
  /** base64 */
  Content?: string;
  HasContent: boolean;
  IsFolder?: boolean;
}
export interface FileList {
  Files: DriveFile[];
  TotalCount: number;
  PageCount: number;
}
export interface DrivesResponse {
  status: 'success';
  data: Drive[];
}
export interface FileListResponse {
  status: 'success';
  data: { data: FileList };
}
export interface FileResponse {
  status: 'success';
  data: DriveFile;
}

export const listFilesQuerySchema = z.object({
  pathPrefix: z.string().optional(),
  sortBy: z.enum(['path', 'name', 'size', 'updated']).default('path'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  tags: z.string().optional(),
});

export const searchKindSchema = z.enum(['text', 'semantic', 'tags']);
export type SearchKind = z.infer<typeof searchKindSchema>;
export const searchRequestSchema = z.object({
  query: z.string().max(2000).default(''),
  tags: z.union([z.array(z.string()), z.string()]).optional(),
  provider: z.string().optional(),
  includeContent: z.boolean().default(false),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(50),
  threshold: z.number().min(0).max(1).default(0.25),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;
export interface SearchResult {
  File: DriveFile;
  Score?: number;
  Snippet?: string;
}
export interface SearchResponse {
  status: 'success';
  data: {
    results: SearchResult[];
    total: number;
    Results: SearchResult[];
    TotalCount: number;
    Query: string;
    Duration: number;
  };
}

export const addFileRequestSchema = z.object({
  workspaceId: z.string().min(1),
  driveName: z.string().min(1),
  filePath: z.string().min(1),
});
export type AddFileRequest = z.infer<typeof addFileRequestSchema>;

// ---- commands and console ------------------------------------------------

export interface NamespacesResponse {
  namespaces: string[];
}
export interface CommandsResponse {
  commands: Command[];
}
export interface ConsoleMessage {
  time: string;
  app_name: string;
  from: string;
  message: string;
}
export interface ConsoleResponse {
  messages: ConsoleMessage[];
}
