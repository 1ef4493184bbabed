import fsp from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { extensionOf } from './paths';

/**
 * The stored mime type is decided by the bytes, never by the name or the
 * type the browser sent (SPEC "Bad input"): magic numbers first; then valid
 * UTF-8 text gets a safe text type chosen by its extension; anything else is
 * application/octet-stream. HTML stays text/html but the browser only ever
 * shows it as source, and downloads carry nosniff and attachment.
 */

/** How much of a file is read to decide whether it is text. */
export const SNIFF_BYTES = 64 * 1024;
export const OCTET_STREAM = 'application/octet-stream';

const TEXT_TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  ini: 'text/plain',
  cfg: 'text/plain',
  conf: 'text/plain',
  env: 'text/plain',
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  toml: 'text/x-toml',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  mts: 'text/x-typescript',
  cts: 'text/x-typescript',
  js: 'text/javascript',
  jsx: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  py: 'text/x-python',
  go: 'text/x-go',
  java: 'text/x-java',
  kt: 'text/x-kotlin',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  cc: 'text/x-c++',
  cxx: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/x-csharp',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  php: 'text/x-php',
  rb: 'text/x-ruby',
  rs: 'text/x-rust',
  sh: 'text/x-shellscript',
  bash: 'text/x-shellscript',
  sql: 'text/x-sql',
  rst: 'text/x-rst',
  tex: 'text/x-tex',
};

/** Types whose bytes are text a person can read (previews, search content, extraction). */
export function isTextType(mime: string): boolean {
  return (
    mime.startsWith('text/') ||
    mime === 'application/json' ||
    mime === 'application/xml' ||
    mime.startsWith('application/x-cog-')
  );
}

/** Control bytes that never occur in text (tab, line breaks, form feed and ESC do). */
function isBinaryByte(b: number): boolean {
  return b <= 0x08 || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f);
}

/** Is `head` (the start of a file) UTF-8 text? A sequence cut by the end of `head` is allowed. */
export function looksLikeUtf8Text(head: Uint8Array, complete: boolean): boolean {
  if (head.some(isBinaryByte)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

const HTML_START = /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>])/i;
const HTML_ANYWHERE = /<(?:script|iframe|html|body|object|embed)[\s>]/i;

/** The mime type of valid UTF-8 text named `name`. */
export function textTypeFor(name: string, text: string): string {
  const ext = extensionOf(name);
  const byName = TEXT_TYPES[ext];
  if (ext === 'svg') return /<svg[\s>]/i.test(text) ? 'image/svg+xml' : 'text/plain';
  if (byName) return byName;
  // Text under a name that says something else (a ".png" that is really HTML): say what it is.
  if (HTML_START.test(text) || HTML_ANYWHERE.test(text)) return 'text/html';
  return 'text/plain';
}

function decide(magic: string | undefined, head: Buffer, complete: boolean, name: string): string {
  if (magic) return magic;
  if (!looksLikeUtf8Text(head, complete)) return OCTET_STREAM;
  return textTypeFor(name, head.toString('utf8'));
}

/** The mime type of the file at `file` (inside DATA_DIR), named `name` by the uploader. */
export async function sniffFile(file: string, name: string): Promise<string> {
  const fh = await fsp.open(file, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await fh.stat()).size;
    head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    head = head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
  if (size === 0) return textTypeFor(name, '');
  const magic = (await fileTypeFromFile(file))?.mime;
  return decide(magic, head, size <= SNIFF_BYTES, name);
}

/** The same decision for bytes in memory. */
export async function sniffBuffer(bytes: Buffer, name: string): Promise<string> {
  if (bytes.length === 0) return textTypeFor(name, '');
  const magic = (await fileTypeFromBuffer(bytes))?.mime;
  const head = bytes.subarray(0, SNIFF_BYTES);
  return decide(magic, head, bytes.length <= SNIFF_BYTES, name);
}
