import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  addFileRequestSchema,
  listFilesQuerySchema,
  searchKindSchema,
  searchRequestSchema,
  type DrivesResponse,
  type FileListResponse,
  type SearchResponse,
  type SearchResult,
} from '../../protocol';
import { sendError } from '../auth/requestAuth';
import { isTextType } from '../drives/sniff';
import { MAX_INLINE_BYTES, type Drives } from '../drives/driveService';
import { normalizePrefix } from '../drives/paths';
import { parseTags } from '../drives/search';
import { receiveUpload } from '../drives/upload';
import type { FileRow } from '../store/drives';
import { sendAsStored } from './compression';
import type { Store } from '../store';
import type { Guards } from './guards';
import { invalidRequest } from './invalidRequest';
import type { WorkspaceFilesChanged } from '../workspaces/files';

/** Files one upload request may carry. */
const MAX_FILES_PER_UPLOAD = 100;

function isTrue(value: unknown): boolean {
  return value === 'true' || value === '1' || value === true;
}

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

export async function sendBytes(
  reply: FastifyReply,
  drives: Drives,
  row: FileRow,
): Promise<FastifyReply> {
  const type = isTextType(row.mime_type) ? `${row.mime_type}; charset=utf-8` : row.mime_type;
  const bytes = await drives.openBytes(row);
  return sendAsStored(reply)
    .header('Content-Type', type)
    .header('Content-Length', String(row.size))
    .header('Content-Disposition', contentDisposition(row.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-cache')
    .header('ETag', `"${row.hash}"`)
    .send(bytes);
}

/** Every /api/drives call of SPEC §7, an admin's indexing retry, and POST /api/workspace/add-file. */
export async function driveRoutes(
  app: FastifyInstance,
  deps: { drives: Drives; guards: Guards; store: Store; filesChanged?: WorkspaceFilesChanged },
): Promise<void> {
  const { drives, guards, filesChanged } = deps;
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    // Keep names as sent so that "../x" or "a\\b" is refused (400) rather than silently cut.
    preservePath: true,
    limits: {
      fileSize: drives.maxUploadBytes,
      files: MAX_FILES_PER_UPLOAD,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: MAX_FILES_PER_UPLOAD + 20,
    },
  });
  app.addHook('onClose', async () => drives.close());

  app.get('/api/drives', { onRequest: guards.world }, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const forAdmin = isTrue(query.forAdmin);
    if (forAdmin && !req.world!.is_admin)
      return sendError(reply, 403, 'Administrators of this world only');
    const includeAppDrives = forAdmin || !isTrue(query.hideAppDrives);
    const rows = await drives.drivesOf(req.world!.world_id, { includeAppDrives });
    const body: DrivesResponse = {
      status: 'success',
      data: await Promise.all(rows.map((d) => drives.describe(d, { storage: forAdmin }))),
    };
    return body;
  });

  app.get<{ Params: { drive: string } }>(
    '/api/drives/:drive',
    { onRequest: guards.world },
    async (req) => {
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      return { status: 'success', data: await drives.describe(drive) };
    },
  );

  app.get<{ Params: { drive: string } }>(
    '/api/drives/:drive/files',
    { onRequest: guards.world },
    async (req, reply) => {
      const parsed = listFilesQuerySchema.safeParse(req.query);
      if (!parsed.success) return invalidRequest(reply, parsed);
      const q = parsed.data;
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const list = await drives.listFiles(drive, {
        prefix: normalizePrefix(q.pathPrefix),
        sortBy: q.sortBy,
        sortDir: q.sortDir,
        offset: q.offset,
        limit: q.limit,
        tags: parseTags(q.tags),
      });
      const body: FileListResponse = { status: 'success', data: { data: list } };
      return body;
    },
  );

  app.get<{ Params: { drive: string; '*': string } }>(
    '/api/drives/:drive/files/*',
    { onRequest: guards.world },
    async (req, reply) => {
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const row = await drives.requireFile(drive, req.params['*']);
      if (isTrue((req.query as Record<string, unknown>).download))
        return sendBytes(reply, drives, row);
      return {
        status: 'success',
        data: await drives.toDriveFile(row, { content: MAX_INLINE_BYTES }),
      };
    },
  );

  app.post<{ Params: { drive: string } }>(
    '/api/drives/:drive/files',
    { onRequest: guards.world },
    async (req, reply) => {
      if (!req.isMultipart())
        return sendError(reply, 400, 'Expected a multipart/form-data upload with a "file" field');
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const rows = await receiveUpload(req.parts(), drives, drive, { by: req.signed!.user.id });
      return { status: 'success', data: { files: rows.map((r) => drives.toDriveFileSync(r)) } };
    },
  );

  app.post<{ Params: { drive: string; kind: string } }>(
    '/api/drives/:drive/search/:kind',
    { onRequest: guards.world },
    async (req, reply) => {
      const kind = searchKindSchema.safeParse(req.params.kind);
      if (!kind.success)
        return sendError(
          reply,
          400,
          `Unknown search kind "${req.params.kind.slice(0, 50)}" (text, semantic or tags)`,
        );
      const parsed = searchRequestSchema.safeParse(req.body ?? {});
      if (!parsed.success) return invalidRequest(reply, parsed);
      const q = parsed.data;
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const outcome = await drives.search(drive, kind.data, {
        query: q.query,
        tags: parseTags(q.tags),
        includeContent: q.includeContent,
        offset: q.offset,
        limit: q.limit,
        threshold: q.threshold,
      });
      const results: SearchResult[] = outcome.hits.map((h) => ({
        File: h.file,
        ...(h.score !== undefined ? { Score: h.score } : {}),
        ...(h.snippet !== undefined ? { Snippet: h.snippet } : {}),
      }));
      const body: SearchResponse = {
        status: 'success',
        data: {
          results,
          total: outcome.total,
          Results: results,
          TotalCount: outcome.total,
          Query: q.query,
          Duration: outcome.durationMs,
        },
      };
      return body;
    },
  );

  // Not in SPEC §7: an administrator queues a file whose indexing failed again (admin drive table).
  app.post<{ Params: { drive: string; '*': string } }>(
    '/api/drives/:drive/reindex/*',
    { onRequest: guards.admin },
    async (req) => {
      const drive = await drives.requireDrive(req.world!.world_id, req.params.drive);
      const row = await drives.retryIndexing(drive, req.params['*']);
      return { status: 'success', data: drives.toDriveFileSync(row) };
    },
  );

  app.post('/api/workspace/add-file', { onRequest: guards.world }, async (req, reply) => {
    const parsed = addFileRequestSchema.safeParse(req.body);
    if (!parsed.success) return invalidRequest(reply, parsed);
    const { workspaceId, driveName, filePath } = parsed.data;
    await drives.addToWorkspace(
      req.world!.world_id,
      req.signed!.user.id,
      workspaceId,
      driveName,
      filePath,
    );
    filesChanged?.(req.world!.world_id, workspaceId);
    return { status: 'success' };
  });
}
