import { applyStandardHeaders } from '../../../api/requestHeaders';
import { t, tKey } from '../../../i18n/i18n';

export const UPLOAD_FAILED = tKey('Upload failed. Please try again.');

export type UploadOutcome =
  { ok: true; status: number } | { ok: false; status: number; error: string };

export interface UploadRequest {
  drive: string;
  /** Another endpoint taking the same multipart upload (a workspace's attachments); default the drive's. */
  url?: string;
  file: File;
  /** The world for the X-World-Id header when the address bar has none. */
  worldId?: string | null;
  /** Percent of the body sent, 0..100, as the browser reports it. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
  /** Form fields sent before the file (onConflict, say). */
  fields?: Record<string, string>;
}

function serverError(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { status?: unknown; error?: unknown };
    return typeof parsed.error === 'string' && parsed.error ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

function saysError(body: string): boolean {
  try {
    return (JSON.parse(body) as { status?: unknown }).status === 'error';
  } catch {
    return false;
  }
}

/**
 * One file to POST /api/drives/{drive}/files as multipart field `file`
 * (SPEC §7). XMLHttpRequest, because fetch cannot report upload progress;
 * the same headers as every other call (version, browser id, world, CSRF).
 * Never rejects: a failure is an outcome with the server's error field or
 * 'Upload failed. Please try again.'.
 */
export function uploadFile({
  drive,
  url,
  file,
  worldId,
  onProgress,
  signal,
  fields = {},
}: UploadRequest): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const failed = (status: number, error = t(UPLOAD_FAILED)) =>
      resolve({ ok: false, status, error });
    xhr.open(
      'POST',
      url ?? `${window.location.origin}/api/drives/${encodeURIComponent(drive)}/files`,
    );
    xhr.withCredentials = true;
    applyStandardHeaders(new Headers(), worldId).forEach((value, name) =>
      xhr.setRequestHeader(name, value),
    );
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, (event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      const body = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300 && !saysError(body)) {
        onProgress(100);
        resolve({ ok: true, status: xhr.status });
      } else {
        failed(xhr.status, serverError(body));
      }
    };
    xhr.onerror = () => failed(0);
    xhr.onabort = () => failed(0);
    xhr.ontimeout = () => failed(0);
    if (signal?.aborted) return failed(0);
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
