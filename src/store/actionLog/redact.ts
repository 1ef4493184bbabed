/** Keys whose values are secrets wherever they appear (SPEC: passwords, PINs, tokens, cookies, CSRF). */
const SECRET_KEY = /password|passwd|^pin$|token|secret|cookie|csrf|authorization|api[-_]?key/i;
/** A drive file's bytes travel as `Content` (SPEC §3 File); messages' `content` is text and stays. */
const FILE_CONTENT_KEY = 'Content';
const BASE64_RUN = /^[A-Za-z0-9+/=\r\n]{256,}$/;

export const REDACTED = '[redacted]';

/** A short, stable fingerprint (FNV-1a, 32 bit) so two logs can be compared without the bytes. */
export function fingerprint(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function binarySummary(value: ArrayBuffer | ArrayBufferView) {
  return `[binary, ${value.byteLength} bytes]`;
}

function fileSummary(content: string) {
  return { redacted: 'file content', size: content.length, fnv1a: fingerprint(content) };
}

/**
 * A copy of `value` with secrets and private bytes taken out, sharing every
 * part that needed no change (most actions come back as the same object).
 */
export function redact(value: unknown, key = '', depth = 0): unknown {
  if (typeof value === 'string') {
    if (key && SECRET_KEY.test(key)) return REDACTED;
    if (key === FILE_CONTENT_KEY && value.length > 0) return fileSummary(value);
    if (value.length >= 256 && BASE64_RUN.test(value)) return fileSummary(value);
    return value;
  }
  if (value === null || typeof value !== 'object') {
    return key && SECRET_KEY.test(key) && value !== undefined && value !== null ? REDACTED : value;
  }
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return binarySummary(value);
  if (depth > 20) return '[too deep]';
  if (key && SECRET_KEY.test(key)) return REDACTED;
  if (Array.isArray(value)) {
    if (key === FILE_CONTENT_KEY && value.every((v) => typeof v === 'number'))
      return { redacted: 'file content', size: value.length };
    let changed = false;
    const out = value.map((v) => {
      const r = redact(v, '', depth + 1);
      if (r !== v) changed = true;
      return r;
    });
    return changed ? out : value;
  }
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const r = redact(v, k, depth + 1);
    if (r !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = r;
  }
  return out ?? value;
}
