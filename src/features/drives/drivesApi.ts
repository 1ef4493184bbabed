import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  INDEX_STATES,
  type AddFileRequest,
  type Drive,
  type DriveFile,
  type DriveTag,
  type FileList,
  type IndexState,
  type SearchKind,
  type SearchResult,
} from '../../../protocol';
import { encodeFilePath } from '../../../protocol/paths';
import { baseApi, errorMessage } from '../../api/baseApi';
import { t, tKey } from '../../i18n/i18n';
import { bytesToBase64 } from './preview/content';

/**
 * Tolerant readers for the drive responses of SPEC §7: the server has answered
 * in more than one shape over time, so each reader accepts the known variants
 * and returns undefined for anything else ('Invalid response format').
 */

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;
const text = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function readTags(v: unknown): DriveTag[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObject).map((tag) => ({
    Name: text(tag.Name ?? tag.name),
    Count: count(tag.Count ?? tag.count),
  }));
}

/** A drive: Name (also name or id), TotalSize, FileCount, Tags (SPEC §3). */
export function readDrive(v: unknown): Drive | undefined {
  if (typeof v === 'string') return { Name: v, TotalSize: 0, FileCount: 0, Tags: [] };
  if (!isObject(v)) return undefined;
  const name = text(v.Name ?? v.name ?? v.id);
  if (!name) return undefined;
  return {
    Name: name,
    TotalSize: count(v.TotalSize ?? v.totalSize),
    FileCount: count(v.FileCount ?? v.fileCount),
    Tags: readTags(v.Tags ?? v.tags),
    ...(typeof v.IsAppDrive === 'boolean' ? { IsAppDrive: v.IsAppDrive } : {}),
    ...(isObject(v.Storage)
      ? {
          Storage: {
            VersionCount: count(v.Storage.VersionCount),
            VersionsSize: count(v.Storage.VersionsSize),
            TrashCount: count(v.Storage.TrashCount),
            TrashSize: count(v.Storage.TrashSize),
          },
        }
      : {}),
  };
}

/** GET /api/drives: data is a list, an object with a drives list, or data.data. */
export function readDrives(body: unknown): Drive[] | undefined {
  if (!isObject(body)) return undefined;
  const data = body.data;
  let list: unknown;
  if (Array.isArray(data)) list = data;
  else if (isObject(data) && Array.isArray(data.drives)) list = data.drives;
  else if (isObject(data) && Array.isArray(data.data)) list = data.data;
  else if (Array.isArray(body.drives)) list = body.drives;
  if (!Array.isArray(list)) return undefined;
  return list.map(readDrive).filter((d): d is Drive => d !== undefined);
}

/** A file: Content may come as base64 text or as a byte array (SPEC §3). */
export function readFile(v: unknown): DriveFile | undefined {
  if (!isObject(v)) return undefined;
  const path = text(v.Path ?? v.path);
  if (!path) return undefined;
  const rawContent = v.Content ?? v.content;
  const content =
    typeof rawContent === 'string'
      ? rawContent
      : Array.isArray(rawContent)
        ? bytesToBase64(Uint8Array.from(rawContent as number[]))
        : undefined;
  const tags = v.Tags ?? v.tags;
  const description = v.Description ?? v.description;
  const hasContent = v.HasContent ?? v.hasContent;
  const indexError = v.IndexError;
  const indexState = v.IndexState;
  return {
    Path: path,
    Name: text(v.Name ?? v.name, path.split('/').pop() ?? path),
    MimeType: text(v.MimeType ?? v.mimeType, 'application/octet-stream'),
    Size: count(v.Size ?? v.size),
    Tags: Array.isArray(tags) ? tags.map((tag) => text(tag)).filter(Boolean) : [],
    UpdatedAt: text(v.UpdatedAt ?? v.updatedAt),
    ...(typeof description === 'string' && description ? { Description: description } : {}),
    ...(content !== undefined ? { Content: content } : {}),
    HasContent: typeof hasContent === 'boolean' ? hasContent : Boolean(content),
    ...(v.IsFolder === true ? { IsFolder: true } : {}),
    ...(typeof indexError === 'string' && indexError ? { IndexError: indexError } : {}),
    ...(INDEX_STATES.includes(indexState as IndexState)
      ? { IndexState: indexState as IndexState }
      : {}),
  };
}

const readFiles = (v: unknown): DriveFile[] =>
  Array.isArray(v) ? v.map(readFile).filter((f): f is DriveFile => f !== undefined) : [];

/** GET /api/drives/{drive}/files: data.data with Files, TotalCount (also data directly). */
export function readFileList(body: unknown, pageSize: number): FileList | undefined {
  if (!isObject(body) || !isObject(body.data)) return undefined;
  const inner = isObject(body.data.data) ? body.data.data : body.data;
  const files = inner.Files ?? inner.files;
  if (!Array.isArray(files)) return undefined;
  const total = count(inner.TotalCount ?? inner.totalCount ?? files.length);
  const pages = count(inner.PageCount ?? inner.pageCount);
  return {
    Files: readFiles(files),
    TotalCount: total,
    PageCount: pages || Math.ceil(total / pageSize),
  };
}

/** GET /api/drives/{drive}/files/{path}: data is the file (also data.data). */
export function readFileResponse(body: unknown): DriveFile | undefined {
  if (!isObject(body) || !isObject(body.data)) return undefined;
  return readFile(isObject(body.data.data) ? body.data.data : body.data);
}

export interface SearchPage {
  results: SearchResult[];
  total: number;
}

function readResult(v: unknown): SearchResult | undefined {
  if (!isObject(v)) return undefined;
  const file = readFile(v.File ?? v.file ?? v);
  if (!file) return undefined;
  const score = v.Score ?? v.score;
  const snippet = v.Snippet ?? v.snippet;
  return {
    File: file,
    ...(typeof score === 'number' ? { Score: score } : {}),
    ...(typeof snippet === 'string' && snippet ? { Snippet: snippet } : {}),
  };
}

/** POST /api/drives/{drive}/search/{kind}: data.results and data.total, or Results and TotalCount. */
export function readSearch(body: unknown): SearchPage | undefined {
  if (!isObject(body) || !isObject(body.data)) return undefined;
  const data = body.data;
  const list = Array.isArray(data.results) ? data.results : data.Results;
  if (!Array.isArray(list)) return undefined;
  const results = list.map(readResult).filter((r): r is SearchResult => r !== undefined);
  return { results, total: count(data.total ?? data.TotalCount ?? results.length) };
}

/**
 * The bytes of a file as an attachment (`?download=true`, SPEC §7). A link
 * carries no headers, so the world travels in the query.
 */
export function fileDownloadUrl(drive: string, path: string, worldId?: string | null): string {
  const world = worldId ? `&worldId=${encodeURIComponent(worldId)}` : '';
  return `/api/drives/${encodeURIComponent(drive)}/files/${encodeFilePath(path)}?download=true${world}`;
}

// ---- the calls ---------------------------------------------------------------

export const INVALID_RESPONSE_FORMAT = tKey('Invalid response format');

export interface ListDrivesArgs {
  hideAppDrives?: boolean;
  forAdmin?: boolean;
}
export interface ListFilesArgs {
  drive: string;
  offset: number;
  limit: number;
  pathPrefix?: string;
  sortBy?: 'path' | 'name' | 'size' | 'updated';
  sortDir?: 'asc' | 'desc';
  tags?: string[];
}
export interface FileArgs {
  drive: string;
  path: string;
}
export interface SearchArgs {
  drive: string;
  kind: SearchKind;
  query: string;
  offset?: number;
  limit?: number;
  tags?: string[];
  includeContent?: boolean;
  threshold?: number;
  provider?: string;
}

const customError = (error: string): FetchBaseQueryError => ({ status: 'CUSTOM_ERROR', error });

/** The text after 'Failed to load files: ' and the like: the server's error field, else the status. */
export function driveErrorText(error: unknown): string {
  const e = error as Partial<{ status: unknown; error: unknown; message: unknown }> | undefined;
  if (e && typeof e.status === 'string' && typeof e.error === 'string') return e.error;
  if (e && 'status' in e) return errorMessage(e);
  if (e && typeof e.message === 'string') return e.message;
  return t('Unknown error');
}

type RawResult = { data?: unknown; error?: FetchBaseQueryError };

/**
 * Runs one request through the shared base query (headers, 401 handling) and
 * reads the body with a tolerant reader; a body it cannot read, or one that
 * says status 'error' with HTTP 200, is a failure.
 */
function readWith<T>(request: FetchArgs, read: (body: unknown) => T | undefined) {
  return async (
    baseQuery: (a: FetchArgs) => RawResult | PromiseLike<RawResult>,
  ): Promise<{ data: T } | { error: FetchBaseQueryError }> => {
    const result = await baseQuery(request);
    if (result.error) return { error: result.error };
    const body = result.data;
    if (isObject(body) && body.status === 'error') {
      return { error: customError(text(body.error) || t(INVALID_RESPONSE_FORMAT)) };
    }
    const value = read(body);
    return value === undefined
      ? { error: customError(t(INVALID_RESPONSE_FORMAT)) }
      : { data: value };
  };
}

const driveUrl = (drive: string) => `/drives/${encodeURIComponent(drive)}`;

/** The drive calls of SPEC §7, on the one base API (STYLE 4). */
export const drivesApi = baseApi.enhanceEndpoints({ addTagTypes: ['DriveFiles'] }).injectEndpoints({
  endpoints: (build) => ({
    listDrives: build.query<Drive[], ListDrivesArgs | void>({
      queryFn: (args, _api, _extra, baseQuery) =>
        readWith(
          {
            url: '/drives',
            params: {
              ...(args?.hideAppDrives ? { hideAppDrives: 'true' } : {}),
              ...(args?.forAdmin ? { forAdmin: 'true' } : {}),
            },
          },
          readDrives,
        )(baseQuery),
      providesTags: ['DriveFiles'],
    }),
    listFiles: build.query<FileList, ListFilesArgs>({
      queryFn: ({ drive, offset, limit, pathPrefix, sortBy, sortDir, tags }, _api, _x, baseQuery) =>
        readWith(
          {
            url: `${driveUrl(drive)}/files`,
            params: {
              sortBy: sortBy ?? 'path',
              sortDir: sortDir ?? 'asc',
              offset,
              limit,
              ...(pathPrefix ? { pathPrefix } : {}),
              ...(tags?.length ? { tags: tags.join(',') } : {}),
            },
          },
          (body) => readFileList(body, limit),
        )(baseQuery),
      providesTags: ['DriveFiles'],
    }),
    getFile: build.query<DriveFile, FileArgs>({
      queryFn: ({ drive, path }, _api, _extra, baseQuery) =>
        readWith(
          { url: `${driveUrl(drive)}/files/${encodeFilePath(path)}` },
          readFileResponse,
        )(baseQuery),
      providesTags: ['DriveFiles'],
      // File bodies can be large; drop them soon after nobody shows them.
      keepUnusedDataFor: 15,
    }),
    searchFiles: build.query<SearchPage, SearchArgs>({
      queryFn: ({ drive, kind, ...body }, _api, _extra, baseQuery) =>
        readWith(
          {
            url: `${driveUrl(drive)}/search/${kind}`,
            method: 'POST',
            body: { includeContent: false, offset: 0, limit: 50, ...body },
          },
          readSearch,
        )(baseQuery),
      providesTags: ['DriveFiles'],
    }),
    /** An administrator queues a file whose indexing failed again (not in SPEC §7). */
    retryIndexing: build.mutation<DriveFile, FileArgs>({
      queryFn: ({ drive, path }, _api, _extra, baseQuery) =>
        readWith(
          { url: `${driveUrl(drive)}/reindex/${encodeFilePath(path)}`, method: 'POST' },
          readFileResponse,
        )(baseQuery),
      invalidatesTags: ['DriveFiles'],
    }),
    addFileToWorkspace: build.mutation<null, AddFileRequest>({
      queryFn: (request, _api, _extra, baseQuery) =>
        readWith(
          { url: '/workspace/add-file', method: 'POST', body: request },
          () => null,
        )(baseQuery),
    }),
  }),
});

export const {
  useListDrivesQuery,
  useListFilesQuery,
  useGetFileQuery,
  useSearchFilesQuery,
  useAddFileToWorkspaceMutation,
  useRetryIndexingMutation,
} = drivesApi;
