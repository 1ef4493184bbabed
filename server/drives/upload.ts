import type { Multipart } from '@fastify/multipart';
import { UPLOAD_CONFLICT_FIELD, UPLOAD_CONFLICTS, type UploadConflict } from '../../protocol';
import { UserError } from '../cog/userError';
import type { FileRow } from '../store/drives';
import type { StoredBlob } from './blobs/types';
import type { Drives } from './driveService';
import { joinDrivePath, normalizeDrivePath, normalizeFolder } from './paths';
import type { DriveRow } from './types';

/** Longest description kept with an upload. */
const MAX_DESCRIPTION = 4000;

/** The form fields an upload may carry beside its files. */
export interface UploadFields {
  /** Folder inside the drive ("" or "/" for the root). */
  path?: string;
  /** Comma list */
  tags?: string;
  description?: string;
  /** What a file already at the path becomes: 'replace' (default) or 'keepBoth'. */
  onConflict?: string;
}

/**
 * Reads a multipart upload (POST /api/drives/{drive}/files): every file part
 * is streamed into the blob store as it arrives (never buffered whole);
 * fields may come before or after the files. Files become visible together
 * once all have arrived. After the first failure the rest of the request is
 * read and dropped, so the client still gets the answer (413, 400).
 */
export async function receiveUpload(
  parts: AsyncIterable<Multipart>,
  drives: Drives,
  drive: DriveRow,
  /** A folder the server chooses (a workspace's attachments), whatever the form says; who uploads. */
  opts: { folder?: string; by?: string | null } = {},
): Promise<FileRow[]> {
  const received: { filename: string; blob: StoredBlob }[] = [];
  const fields: UploadFields = {};
  let failure: unknown;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        const { fieldname, value } = part;
        if (
          typeof value === 'string' &&
          ['path', 'tags', 'description', UPLOAD_CONFLICT_FIELD].includes(fieldname)
        )
          fields[fieldname as keyof UploadFields] = value;
        continue;
      }
      if (failure) {
        part.file.resume();
        continue;
      }
      try {
        const filename = normalizeDrivePath(part.filename ?? '', 'File name');
        const blob = await drives.receive(part.file, () => part.file.truncated);
        received.push({ filename, blob });
      } catch (err) {
        failure = err;
        part.file.resume();
      }
    }
  } catch (err) {
    failure ??= err;
  }
  try {
    if (failure) throw failure;
    if (received.length === 0)
      throw new UserError('No file in the upload (multipart field "file")');
    const folder = normalizeFolder(opts.folder ?? fields.path, 'Folder');
    const ifTaken = conflictRule(fields.onConflict);
    const tags = fields.tags !== undefined ? splitTags(fields.tags) : undefined;
    const description =
      fields.description !== undefined
        ? fields.description.trim().slice(0, MAX_DESCRIPTION) || null
        : undefined;
    const items = received.map((r) => ({
      path: joinDrivePath(folder, r.filename),
      blob: r.blob,
      tags,
      description,
      ifTaken,
      by: opts.by ?? null,
    }));
    received.length = 0; // commit owns them now (and releases them)
    return await drives.commit(drive, items);
  } finally {
    if (received.length) await drives.release(received.map((r) => r.blob));
  }
}

/** The upload's onConflict field: absent is the SPEC's upload, which replaces. */
function conflictRule(value: string | undefined): UploadConflict {
  if (value === undefined || value === '') return 'replace';
  if ((UPLOAD_CONFLICTS as readonly string[]).includes(value)) return value as UploadConflict;
  throw new UserError(
    `${UPLOAD_CONFLICT_FIELD} must be ${UPLOAD_CONFLICTS.map((c) => `"${c}"`).join(' or ')}`,
  );
}

export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
