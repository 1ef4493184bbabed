import { FILE_CONTENT, PLAIN, SECRET, keyKind, type KeyKind } from './keyKinds';

/** A string this long made of base64 characters only is file content, not text. */
const BASE64_MIN_LENGTH = 256;
const MAX_DEPTH = 20;

export const REDACTED = '[redacted]';

/** A short, stable fingerprint (FNV-1a, 32 bit) so two logs can be compared without the bytes. */
export function fingerprint(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** [A-Za-z0-9+/=] and CR, LF: what base64 bytes are written with, line breaks included. */
const BASE64_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\r\n')
  BASE64_CHAR[c.charCodeAt(0)] = 1;

/**
 * Whether every character of `text` is one of base64's. Text gives itself
 * away within a few characters (a space, a comma), so this stops at the first
 * other one; the anchored regex it replaces cost a call into the regexp
 * engine for every long string.
 */
function isBase64Run(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || BASE64_CHAR[c] === 0) return false;
  }
  return true;
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
 * It runs on every action the store sees, so it allocates only what it
 * replaces: no entry lists, no copies of arrays or objects left as they were.
 */
export function redact(value: unknown): unknown {
  return redactUnder(value, PLAIN, 0);
}

function redactUnder(value: unknown, kind: KeyKind, depth: number): unknown {
  if (typeof value === 'string') {
    if (kind === SECRET) return REDACTED;
    if (kind === FILE_CONTENT && value.length > 0) return fileSummary(value);
    if (value.length >= BASE64_MIN_LENGTH && isBase64Run(value)) return fileSummary(value);
    return value;
  }
  if (value === null || typeof value !== 'object') {
    return kind === SECRET && value != null ? REDACTED : value;
  }
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return binarySummary(value);
  if (depth > MAX_DEPTH) return '[too deep]';
  if (kind === SECRET) return REDACTED;
  if (Array.isArray(value)) {
    if (kind === FILE_CONTENT && value.every((v) => typeof v === 'number'))
      return { redacted: 'file content', size: value.length };
    return redactItems(value, depth);
  }
  return redactFields(value as Record<string, unknown>, depth);
}

function redactItems(items: unknown[], depth: number): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const r = redactUnder(item, PLAIN, depth + 1);
    if (r !== item) (out ??= items.slice())[i] = r;
  }
  return out ?? items;
}

function redactFields(record: Record<string, unknown>, depth: number): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const field = record[key];
    const r = redactUnder(field, keyKind(key), depth + 1);
    if (r !== field) (out ??= { ...record })[key] = r;
  }
  return out ?? record;
}
