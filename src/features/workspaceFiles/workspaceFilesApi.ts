import type { WorkspaceExport, WorkspaceFile, WorkspaceFilesResponse } from '../../../protocol';
// From the file without schemas: the route's loader brings this api into the app's entry.
import { workspaceExportPath, workspaceFilesPath } from '../../../protocol/workspaceFilesPaths';
import { baseApi } from '../../api/baseApi';

export interface WorkspaceFiles {
  files: WorkspaceFile[];
  uploadDrive: string | null;
}

/**
 * The files of a workspace (issue 20). The list is refetched when the server
 * says it changed (workspace.files.changed, useWorkspaceFiles) and after this
 * browser's own detach.
 */
export const workspaceFilesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['WorkspaceFiles'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getWorkspaceFiles: build.query<WorkspaceFiles, string>({
        query: (workspaceId) => workspaceFilesPath(workspaceId).replace(/^\/api/, ''),
        transformResponse: (body: WorkspaceFilesResponse) => ({
          files: body.data.files,
          uploadDrive: body.data.uploadDrive,
        }),
        providesTags: (_r, _e, workspaceId) => [{ type: 'WorkspaceFiles', id: workspaceId }],
      }),
      /** The whole conversation (the JSON export), for the print view. */
      getWorkspaceExport: build.query<WorkspaceExport, string>({
        query: (workspaceId) => workspaceExportPath(workspaceId, 'json').replace(/^\/api/, ''),
        keepUnusedDataFor: 0,
      }),
      removeWorkspaceFile: build.mutation<
        null,
        { workspaceId: string; drive: string; path: string }
      >({
        query: ({ workspaceId, drive, path }) => ({
          url: workspaceFilesPath(workspaceId).replace(/^\/api/, ''),
          method: 'DELETE',
          params: { drive, path },
        }),
        transformResponse: () => null,
        invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'WorkspaceFiles', id: workspaceId }],
      }),
    }),
  });

export const {
  useGetWorkspaceFilesQuery,
  useGetWorkspaceExportQuery,
  useRemoveWorkspaceFileMutation,
} = workspaceFilesApi;

/** Marks a workspace's list stale: every view of it fetches it again. */
export const workspaceFilesChanged = (workspaceId: string) =>
  workspaceFilesApi.util.invalidateTags([{ type: 'WorkspaceFiles', id: workspaceId }]);
