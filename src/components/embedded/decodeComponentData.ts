import type { ComponentNode } from '../../../protocol/components';
import { t, tKey } from '../../i18n/i18n';

/** The embedded component's messages (SPEC §5), word for word; shown in the current language. */
export const EMBED_ERRORS = {
  missing: tKey('Missing component data'),
  base64: tKey('Base64 decode error: Invalid character found'),
  invalid: tKey('Invalid component data'),
} as const;

export type DecodedComponent = { node: ComponentNode } | { error: string };

// Standard and URL-safe alphabets; whitespace is dropped first (long attributes get wrapped).
const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;

/** UTF-8 text as base64, so any language survives the attribute (btoa alone takes Latin-1 only). */
export function encodeBase64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // In chunks: String.fromCharCode(...bytes) overflows the stack on large data.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The UTF-8 text in base64, or undefined when it is not base64. */
function decodeBase64Utf8(data: string): string | undefined {
  if (!BASE64.test(data)) return undefined;
  let binary: string;
  try {
    binary = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined; // e.g. a length no base64 string can have
  }
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The `data` attribute of <emgen-component> for a node. */
export function encodeComponentData(node: unknown): string {
  return encodeBase64Utf8(JSON.stringify(node));
}

/**
 * Reads an <emgen-component data="..."> attribute: base64 of UTF-8 JSON with
 * a string `component`. Every failure is a message for the user, never a throw.
 */
export function decodeComponentData(data: string | null | undefined): DecodedComponent {
  const compact = (data ?? '').replace(/\s+/g, '');
  if (!compact) return { error: t(EMBED_ERRORS.missing) };
  const text = decodeBase64Utf8(compact);
  if (text === undefined) return { error: t(EMBED_ERRORS.base64) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    typeof (value as { component?: unknown }).component !== 'string'
  )
    return { error: t(EMBED_ERRORS.invalid) };
  return { node: value as ComponentNode };
}
