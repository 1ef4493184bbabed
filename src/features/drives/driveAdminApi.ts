import type {
  DeleteFilesRequest,
  Drive,
  FileVersion,
  MoveRequest,
  RetagRequest,
  UndeleteRequest,
} from '../../../protocol';
import { encodeFilePath } from '../../../protocol/paths';
import { drivesApi, readDrive } from './drivesApi';

/**
 * Administering drives (issue 21; not SPEC §7's calls): each change
 * refreshes every drive listing (tag DriveFiles), so the admin table and the
 * finder follow at once.
 */

const driveUrl = (drive: string) => `/drives/${encodeURIComponent(drive)}`;

export interface Deletion {
  batchId: string;
  deleted: number;
  detachedFrom: number;
}
export interface VersionsPage {
  path: string;
  versions: FileVersion[];
  retentionDays: number;
}

type Body<T> = { data: T };

/** An earlier (or the current) version's bytes as an attachment; the world travels in the query. */
export function versionDownloadUrl(
  drive: string,
  path: string,
  version: number,
  worldId?: string | null,
): string {
  const world = worldId ? `&worldId=${encodeURIComponent(worldId)}` : '';
  return `/api/drives/${encodeURIComponent(drive)}/versions/${encodeFilePath(path)}?version=${version}&download=true${world}`;
}

export const driveAdminApi = drivesApi.injectEndpoints({
  endpoints: (build) => ({
    createDrive: build.mutation<Drive | undefined, { name: string }>({
      query: (body) => ({ url: '/drives', method: 'POST', body }),
      transformResponse: (body: Body<unknown>) => readDrive(body.data),
      invalidatesTags: ['DriveFiles'],
    }),
    renameDrive: build.mutation<Drive | undefined, { drive: string; name: string }>({
      query: ({ drive, name }) => ({ url: driveUrl(drive), method: 'PATCH', body: { name } }),
      transformResponse: (body: Body<unknown>) => readDrive(body.data),
      invalidatesTags: ['DriveFiles'],
    }),
    deleteDriveFiles: build.mutation<Deletion, DeleteFilesRequest & { drive: string }>({
      query: ({ drive, ...body }) => ({ url: `${driveUrl(drive)}/delete`, method: 'POST', body }),
      transformResponse: (body: Body<Deletion>) => body.data,
      invalidatesTags: ['DriveFiles'],
    }),
    undeleteDriveFiles: build.mutation<null, UndeleteRequest & { drive: string }>({
      query: ({ drive, ...body }) => ({ url: `${driveUrl(drive)}/undelete`, method: 'POST', body }),
      transformResponse: () => null,
      invalidatesTags: ['DriveFiles'],
    }),
    moveDriveFiles: build.mutation<{ moved: number }, MoveRequest & { drive: string }>({
      query: ({ drive, ...body }) => ({ url: `${driveUrl(drive)}/move`, method: 'POST', body }),
      transformResponse: (body: Body<{ moved: number }>) => body.data,
      invalidatesTags: ['DriveFiles'],
    }),
    retagDriveFiles: build.mutation<null, RetagRequest & { drive: string }>({
      query: ({ drive, ...body }) => ({ url: `${driveUrl(drive)}/retag`, method: 'POST', body }),
      transformResponse: () => null,
      invalidatesTags: ['DriveFiles'],
    }),
    existingPaths: build.mutation<string[], { drive: string; paths: string[] }>({
      query: ({ drive, paths }) => ({
        url: `${driveUrl(drive)}/exists`,
        method: 'POST',
        body: { paths },
      }),
      transformResponse: (body: Body<{ existing: string[] }>) => body.data.existing,
    }),
    fileVersions: build.query<VersionsPage, { drive: string; path: string }>({
      query: ({ drive, path }) => `${driveUrl(drive)}/versions/${encodeFilePath(path)}`,
      transformResponse: (body: Body<VersionsPage>) => body.data,
      providesTags: ['DriveFiles'],
    }),
    restoreVersion: build.mutation<null, { drive: string; path: string; version: number }>({
      query: ({ drive, path, version }) => ({
        url: `${driveUrl(drive)}/versions/${encodeFilePath(path)}`,
        method: 'POST',
        body: { version },
      }),
      transformResponse: () => null,
      invalidatesTags: ['DriveFiles'],
    }),
  }),
});

export const {
  useCreateDriveMutation,
  useRenameDriveMutation,
  useDeleteDriveFilesMutation,
  useMoveDriveFilesMutation,
  useRetagDriveFilesMutation,
  useExistingPathsMutation,
  useFileVersionsQuery,
  useRestoreVersionMutation,
} = driveAdminApi;
