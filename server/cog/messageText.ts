import type { RawData } from 'ws';
import { sizeProblem, type JsonLimits } from '../../protocol';

export type MessageText = { ok: true; text: string } | { ok: false; reason: string };

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, part) => n + part.length, 0);
  return data.byteLength;
}

function toText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8'); // a view of the ArrayBuffer, not a copy
}

/**
 * The text of a socket message, or why it is refused unread: ws accepts
 * messages of up to 16 MiB, and decoding that much UTF-8 only to refuse it
 * would hold the event loop for tens of milliseconds.
 */
export function messageText(data: RawData, limits: JsonLimits, what = 'Frame'): MessageText {
  const tooBig = sizeProblem(byteLength(data), limits, what);
  return tooBig ? { ok: false, reason: tooBig } : { ok: true, text: toText(data) };
}
