import type { WorkspaceFile } from '../../protocol';
import type { Drives } from '../drives/driveService';
import type { DriveRow } from '../drives/types';
import type { FileRow } from '../store/drives';
import type { Store } from '../store';

/**
 * Where files dropped on a message box go: the folder `uploads` of the
 * world's default drive, which is its first drive of its own (app drives
 * belong to their apps). Defined here once; the files route says it to the
 * browser.
 */
export const UPLOAD_FOLDER = 'uploads';

/** Tells everyone looking at the workspace that its files changed (workspace.files.changed). */
export type WorkspaceFilesChanged = (worldId: string, workspaceId: string) => void;

export async function defaultDriveOf(
  drives: Drives,
  worldId: string,
): Promise<DriveRow | undefined> {
  const own = await drives.drivesOf(worldId, { includeAppDrives: false });
  return own[0];
}

export function toWorkspaceFile(drive: DriveRow, file: FileRow): WorkspaceFile {
  return {
    drive: drive.name,
    path: file.path,
    name: file.name,
    size: file.size,
    mimeType: file.mime_type,
  };
}

/** The workspace's files that still exist, oldest first. */
export async function listWorkspaceFiles(
  drives: Drives,
  workspaceId: string,
): Promise<WorkspaceFile[]> {
  return (await drives.workspaceFiles(workspaceId)).map(({ drive, file }) =>
    toWorkspaceFile(drive, file),
  );
}

/** Takes a file off the workspace; the drive keeps it. Whether it was attached. */
export async function detachWorkspaceFile(
  store: Store,
  drives: Drives,
  worldId: string,
  workspaceId: string,
  driveName: string,
  path: string,
): Promise<boolean> {
  const drive = await drives.requireDrive(worldId, driveName);
  return store.workspaceFiles.remove(workspaceId, drive.id, path);
}
