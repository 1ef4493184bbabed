import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  exportQuerySchema,
  removeWorkspaceFileQuerySchema,
  type WorkspaceFilesResponse,
  type WorkspaceUploadResponse,
} from '../../protocol';
import { sendError } from '../auth/requestAuth';
import type { Drives } from '../drives/driveService';
import { receiveUpload } from '../drives/upload';
import type { Store } from '../store';
import { exportFileName, jsonExport, markdownExport } from '../workspaces/export';
import {
  defaultDriveOf,
  detachWorkspaceFile,
  listWorkspaceFiles,
  toWorkspaceFile,
  UPLOAD_FOLDER,
  type WorkspaceFilesChanged,
} from '../workspaces/files';
import { contentDisposition } from './drives';
import type { Guards } from './guards';
import { invalidRequest } from './invalidRequest';
import { workspaceOfRoute } from './workspaceParam';

/**
 * The files of a workspace (list, attach by upload, detach) and its export
 * (issue 20). Session and world come from the guards; the workspace from
 * workspaceOfRoute (workspaceOpenTo, the one check every route here goes through).
 */
export function workspaceFileRoutes(
  app: FastifyInstance,
  deps: { store: Store; drives: Drives; guards: Guards; filesChanged: WorkspaceFilesChanged },
): void {
  const { store, drives, guards, filesChanged } = deps;

  app.get('/api/workspaces/:id/files', { onRequest: guards.world }, async (req, reply) => {
    const found = await workspaceOfRoute(store, req, reply);
    if (!found) return reply;
    const drive = await defaultDriveOf(drives, found.worldId);
    const body: WorkspaceFilesResponse = {
      status: 'success',
      data: {
        files: await listWorkspaceFiles(drives, found.ws.id),
        uploadDrive: drive?.name ?? null,
        uploadFolder: UPLOAD_FOLDER,
      },
    };
    return body;
  });

  // The message box's paperclip, drop and paste: the drive upload path (same limits, same
  // streaming, same refusals) into the world's default drive, then attached in one request.
  app.post('/api/workspaces/:id/files', { onRequest: guards.world }, async (req, reply) => {
    if (!req.isMultipart())
      return sendError(reply, 400, 'Expected a multipart/form-data upload with a "file" field');
    const found = await workspaceOfRoute(store, req, reply);
    if (!found) return reply;
    const drive = await defaultDriveOf(drives, found.worldId);
    if (!drive) return sendError(reply, 409, 'This world has no drive to upload to');
    const rows = await receiveUpload(req.parts(), drives, drive, { folder: UPLOAD_FOLDER });
    for (const row of rows) await store.workspaceFiles.add(found.ws.id, drive.id, row.path);
    filesChanged(found.worldId, found.ws.id);
    const body: WorkspaceUploadResponse = {
      status: 'success',
      data: { files: rows.map((r) => toWorkspaceFile(drive, r)) },
    };
    return body;
  });

  app.delete('/api/workspaces/:id/files', { onRequest: guards.world }, async (req, reply) => {
    const query = removeWorkspaceFileQuerySchema.safeParse(req.query);
    if (!query.success) return invalidRequest(reply, query);
    const found = await workspaceOfRoute(store, req, reply);
    if (!found) return reply;
    const { drive, path } = query.data;
    const removed = await detachWorkspaceFile(
      store,
      drives,
      found.worldId,
      found.ws.id,
      drive,
      path,
    );
    if (!removed) return sendError(reply, 404, 'This file is not in the workspace');
    filesChanged(found.worldId, found.ws.id);
    return { status: 'success' };
  });

  app.get('/api/workspaces/:id/export', { onRequest: guards.world }, async (req, reply) => {
    const query = exportQuerySchema.safeParse(req.query);
    if (!query.success) return invalidRequest(reply, query);
    const found = await workspaceOfRoute(store, req, reply);
    if (!found) return reply;
    const format = query.data.format;
    const source = {
      store,
      workspace: found.ws,
      files: await listWorkspaceFiles(drives, found.ws.id),
      now: new Date(),
    };
    const chunks = format === 'json' ? jsonExport(source) : markdownExport(source);
    return reply
      .header(
        'Content-Type',
        format === 'json' ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8',
      )
      .header('Content-Disposition', contentDisposition(exportFileName(found.ws, format)))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(chunks));
  });
}
