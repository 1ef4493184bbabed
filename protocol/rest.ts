import * as z from 'zod/mini';
import type { DriveStorage } from './driveAdmin';
import type { Command } from './entities';
import type { LanguageChoice, ThemeChoice } from './settings';

/** Request and response shapes of every REST call in SPEC §7 (their plain constants: constants.ts). */

// ---- auth --------------------------------------------------------------

export const authRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  pin: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
  /** The new password, when an administrator set a temporary one (password_change_required). */
  new_password: z.optional(z.string().check(z.maxLength(1024))),
});
export type AuthRequest = z.infer<typeof authRequestSchema>;

export interface SessionUser {
  name: string;
  email: string;
  /** The colour behind the avatar's initials (protocol/settings.ts AVATAR_COLORS). */
  avatar_color?: string;
  /** Light, dark or system: applied as soon as the person is known (protocol/settings.ts). */
  theme?: ThemeChoice;
  /** The language chosen on /settings ('browser': the browser's own preference). */
  language?: LanguageChoice;
}
export interface AccessibleWorld {
  world_id: string;
  name: string;
  /** The user administers this world (admin pages and calls). */
  is_admin?: boolean;
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
  /** Administers every account and world (/admin/users and /admin/audit in any world). */
  global_admin?: boolean;
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
  /** Sign-in with a temporary password: send it again with new_password. */
  password_change_required?: boolean;
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

/** The widgets the core dashboard knows (SPEC §2 "Dashboard"); any other layout is shown as unknown. */
export interface HistoryWidget extends Widget {
  layout: 'DefaultHistoryWidget';
  user_prompt: string;
  workspaces: HistoryWorkspace[];
}
export interface NewWorkspaceWidget extends Widget {
  layout: 'DefaultNewWorkspaceWidget';
  title?: string;
  description?: string;
  /** Posted as is to POST /api/action. */
  new_chat_action: DashboardAction;
}
export interface ExpertsWidget extends Widget {
  layout: 'DefaultExpertsWidget';
  title?: string;
  experts: { expert_id: string; name: string; keywords?: string | string[]; home_link?: string }[];
}
export interface ImageWidget extends Widget {
  layout: 'DefaultImageWidget';
  image_url: string;
  alt?: string;
  /** The image's own size in pixels, when known: the page keeps its place before it loads. */
  width?: number;
  height?: number;
  click_action?: DashboardAction;
}

/** An action a widget runs through POST /api/action: its key/value fields, `action` naming it. */
export interface DashboardAction {
  action: string;
  [field: string]: unknown;
}
export const actionRequestSchema = z.looseObject({ action: z.string().check(z.minLength(1)) });
export interface ActionResponse {
  status: 'ok';
  /** A path in this app: last segment workspace-management → management screen, else the workspace screen. */
  redirect_url?: string;
}

/** A query-string number (text on the wire), whole, within bounds. */
function wholeNumberText(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.pipe(z.coerce.number(), z.int().check(z.minimum(min), z.maximum(max)));
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
  /** Not in SPEC §3's Drive: earlier versions and deleted files still kept (admins, forAdmin). */
  Storage?: DriveStorage;
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
  /** Not in SPEC §3's File: why the server has not indexed the file's text (e.g. 'Not indexed: …'). */
  IndexError?: string;
  /** Not in SPEC §3's File: where the file's indexing stands, whichever instance does it. */
  IndexState?: IndexState;
}
/** A file's indexing: waiting for a worker, being read, failed (IndexError says why), or searchable. */
export type IndexState = 'queued' | 'running' | 'failed' | 'indexed';
export const INDEX_STATES: readonly IndexState[] = ['queued', 'running', 'failed', 'indexed'];
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
  pathPrefix: z.optional(z.string()),
  sortBy: z._default(z.enum(['path', 'name', 'size', 'updated']), 'path'),
  sortDir: z._default(z.enum(['asc', 'desc']), 'asc'),
  offset: z._default(wholeNumberText(0), 0),
  limit: z._default(wholeNumberText(1, 1000), 50),
  tags: z.optional(z.string()),
});

export const searchKindSchema = z.enum(['text', 'semantic', 'tags']);
export type SearchKind = z.infer<typeof searchKindSchema>;
export const searchRequestSchema = z.object({
  // Long pasted queries are accepted and read by their start (the search caps what it reads).
  query: z._default(z.string().check(z.maxLength(20_000)), ''),
  tags: z.optional(z.union([z.array(z.string()), z.string()])),
  provider: z.optional(z.string()),
  includeContent: z._default(z.boolean(), false),
  offset: z._default(z.int().check(z.minimum(0)), 0),
  limit: z._default(z.int().check(z.minimum(1), z.maximum(1000)), 50),
  threshold: z._default(z.number().check(z.minimum(0), z.maximum(1)), 0.25),
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
  workspaceId: z.string().check(z.minLength(1)),
  driveName: z.string().check(z.minLength(1)),
  filePath: z.string().check(z.minLength(1)),
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

/** POST /api/support/logs: a session log a user sends to the world's administrators. */
export const MAX_SUPPORT_LOG_BYTES = 20 * 1024 * 1024;
export interface SupportLogUpload {
  note?: string;
  log: unknown;
}
/** GET /api/support/logs (admins of the world). */
export interface SupportLogSummary {
  id: string;
  created_at: string;
  app_version: string;
  actions: number;
  size: number;
  note: string;
  user_name: string;
  user_email: string;
}
export interface SupportLogsResponse {
  logs: SupportLogSummary[];
}
