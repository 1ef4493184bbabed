import type { FastifyInstance } from 'fastify';
import {
  deleteFilesRequestSchema,
  driveNameRequestSchema,
  existsRequestSchema,
  moveRequestSchema,
  restoreVersionRequestSchema,
  retagRequestSchema,
  undeleteRequestSchema,
  type DeleteFilesResponse,
  type ExistsResponse,
  type FileVersionsResponse,
  type MoveResponse,
} from '../../protocol';
import { sendError } from '../auth/requestAuth';
import type { DriveAdmin } from '../drives/driveAdmin';
import type { Drives } from '../drives/driveService';
import type { Guards } from './guards';
import { invalidRequest } from './invalidRequest';
import { sendBytes } from './drives';

type DriveParams = { Params: { drive: string } };
type FileParams = { Params: { drive: string; '*': string } };

/**
 * Administering drives (issue 21), beside SPEC §7's routes: every change is
 * for administrators of the world (guards.admin; the CSRF hook covers every
 * POST and PATCH) on a drive of that world; reading a file's versions and
 * downloading one is for every member, like the file itself.
 */
export function driveAdminRoutes(
  app: FastifyInstance,
  deps: { drives: Drives; driveAdmin: DriveAdmin; guards: Guards },
): void {
  const { drives, driveAdmin: admin, guards } = deps;
  app.addHook('onClose', async () => admin.close());

  const describe = async (worldId: string, name: string) =>
    drives.describe(await drives.requireDrive(worldId, name), { storage: true });

  app.post('/api/drives', { onRequest: guards.admin }, async (req, reply) => {
    const parsed = driveNameRequestSchema.safeParse(req.body);
    if (!parsed.success) return invalidRequest(reply, parsed);
    const drive = await admin.createDrive(req.world!.world_id, parsed.data.name);
    return { status: 'success', data: await drives.describe(drive, { storage: true }) };
  });

  app.patch<DriveParams>('/api/drives/:drive', { onRequest: guards.admin }, async (req, reply) => {
    const parsed = driveNameRequestSchema.safeParse(req.body);
    if (!parsed.success) return invalidRequest(reply, parsed);
    const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
    const renamed = await admin.renameDrive(drive, parsed.data.name);
    return { status: 'success', data: await describe(req.world!.world_id, renamed.name) };
  });

  app.post<DriveParams>(
    '/api/drives/:drive/exists',
    { onRequest: guards.world },
    async (req, reply) => {
      const parsed = existsRequestSchema.safeParse(req.body);
      if (!parsed.success) return invalidRequest(reply, parsed);
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const body: ExistsResponse = {
        status: 'success',
        data: { existing: await admin.existing(drive, parsed.data.paths) },
      };
      return body;
    },
  );

  app.post<DriveParams>(
    '/api/drives/:drive/delete',
    { onRequest: guards.admin },
    async (req, reply) => {
      const parsed = deleteFilesRequestSchema.safeParse(req.body ?? {});
      if (!parsed.success) return invalidRequest(reply, parsed);
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const deletion = await admin.delete(drive, parsed.data, req.signed!.user.id);
      const body: DeleteFilesResponse = { status: 'success', data: deletion };
      return body;
    },
  );

  app.post<DriveParams>(
    '/api/drives/:drive/undelete',
    { onRequest: guards.admin },
    async (req, reply) => {
      const parsed = undeleteRequestSchema.safeParse(req.body);
      if (!parsed.success) return invalidRequest(reply, parsed);
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const rows = await admin.undelete(drive, parsed.data.batchId);
      return { status: 'success', data: { files: rows.map((r) => drives.toDriveFileSync(r)) } };
    },
  );

  app.post<DriveParams>(
    '/api/drives/:drive/move',
    { onRequest: guards.admin },
    async (req, reply) => {
      const parsed = moveRequestSchema.safeParse(req.body);
      if (!parsed.success) return invalidRequest(reply, parsed);
      const { from, to, folder } = parsed.data;
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const body: MoveResponse = {
        status: 'success',
        data: await admin.move(drive, from, to, folder),
      };
      return body;
    },
  );

  app.post<DriveParams>(
    '/api/drives/:drive/retag',
    { onRequest: guards.admin },
    async (req, reply) => {
      const parsed = retagRequestSchema.safeParse(req.body);
      if (!parsed.success) return invalidRequest(reply, parsed);
      const { paths, folders, ...change } = parsed.data;
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const changed = await admin.retag(drive, { paths, folders }, change);
      return { status: 'success', data: { files: changed.map((r) => drives.toDriveFileSync(r)) } };
    },
  );

  // The versions of a file; ?version=N&download=true sends that version's bytes.
  app.get<FileParams>(
    '/api/drives/:drive/versions/*',
    { onRequest: guards.world },
    async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      if (query.version !== undefined) {
        const version = Number(query.version);
        if (!Number.isSafeInteger(version) || version < 1)
          return sendError(
            reply,
            400,
            'Invalid request: version must be a whole number, at least 1',
          );
        return sendBytes(reply, drives, await admin.version(drive, req.params['*'], version));
      }
      const { file, versions } = await admin.versions(drive, req.params['*']);
      const body: FileVersionsResponse = {
        status: 'success',
        data: { path: file.path, versions, retentionDays: admin.retentionDays },
      };
      return body;
    },
  );

  app.post<FileParams>(
    '/api/drives/:drive/versions/*',
    { onRequest: guards.admin },
    async (req, reply) => {
      const parsed = restoreVersionRequestSchema.safeParse(req.body);
      if (!parsed.success) return invalidRequest(reply, parsed);
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const row = await admin.restoreVersion(
        drive,
        req.params['*'],
        parsed.data.version,
        req.signed!.user.id,
      );
      return { status: 'success', data: drives.toDriveFileSync(row) };
    },
  );
}
