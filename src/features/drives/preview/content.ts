/** Base64 file content (SPEC §3) to bytes and back. */

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** File content (base64) as text, read as UTF-8; bad sequences become U+FFFD. */
export function decodeText(base64: string): string {
  return new TextDecoder('utf-8').decode(base64ToBytes(base64));
}

/** A data: URL for an image, typed by the server's sniffed MimeType (never by the name). */
export function imageDataUrl(base64: string, mimeType: string): string {
  return `data:${mimeType};base64,${base64.replace(/\s+/g, '')}`;
}
