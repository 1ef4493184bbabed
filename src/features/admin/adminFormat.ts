import type { TFunction } from 'i18next';
import type { SearchKind } from '../../../protocol';
import { tKey } from '../../i18n/i18n';
import { baseType, extensionOf } from '../drives/preview/previewKind';

/** The drives call of the admin pages: every drive of the world, app drives included (SPEC §6). */
export const ADMIN_DRIVES = { forAdmin: true } as const;

/** The kinds of drive search, as the admin pages name them (labels translated where shown). */
export const SEARCH_KINDS: readonly { value: SearchKind; label: string }[] = [
  { value: 'text', label: tKey('Text') },
  { value: 'semantic', label: tKey('Semantic') },
  { value: 'tags', label: tKey('Tag') },
];

/**
 * Labels by extension; the name decides first, as people name their files by
 * kind. Marked as keys here, translated where shown (fileTypeLabel).
 */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  md: tKey('Markdown document'),
  markdown: tKey('Markdown document'),
  pdf: tKey('PDF document'),
  txt: tKey('Text document'),
  csv: tKey('CSV data'),
  tsv: tKey('TSV data'),
  json: tKey('JSON data'),
  xml: tKey('XML document'),
  yaml: tKey('YAML document'),
  yml: tKey('YAML document'),
  html: tKey('HTML document'),
  htm: tKey('HTML document'),
  png: tKey('PNG image'),
  jpg: tKey('JPEG image'),
  jpeg: tKey('JPEG image'),
  gif: tKey('GIF image'),
  webp: tKey('WebP image'),
  svg: tKey('SVG image'),
  bmp: tKey('BMP image'),
  ts: tKey('TypeScript source'),
  tsx: tKey('TypeScript source'),
  js: tKey('JavaScript source'),
  jsx: tKey('JavaScript source'),
  py: tKey('Python source'),
  go: tKey('Go source'),
  java: tKey('Java source'),
  c: tKey('C source'),
  h: tKey('C header'),
  cpp: tKey('C++ source'),
  cs: tKey('C# source'),
  css: tKey('CSS stylesheet'),
  php: tKey('PHP source'),
  rb: tKey('Ruby source'),
  rs: tKey('Rust source'),
  sh: tKey('Shell script'),
  sql: tKey('SQL script'),
  doc: tKey('Word document'),
  docx: tKey('Word document'),
  xls: tKey('Excel spreadsheet'),
  xlsx: tKey('Excel spreadsheet'),
  ppt: tKey('PowerPoint presentation'),
  pptx: tKey('PowerPoint presentation'),
  zip: tKey('ZIP archive'),
  gz: tKey('Gzip archive'),
  mp3: tKey('MP3 audio'),
  wav: tKey('WAV audio'),
  mp4: tKey('MP4 video'),
};

const BY_TYPE: Readonly<Record<string, string>> = {
  'text/markdown': tKey('Markdown document'),
  'application/pdf': tKey('PDF document'),
  'application/json': tKey('JSON data'),
  'application/xml': tKey('XML document'),
  'text/xml': tKey('XML document'),
  'text/html': tKey('HTML document'),
  'text/csv': tKey('CSV data'),
  'text/plain': tKey('Text document'),
  'application/zip': tKey('ZIP archive'),
};

/**
 * A readable file type for people, in the page's language: 'Markdown
 * document', 'PNG image', 'TypeScript source'.
 */
export function fileTypeLabel(path: string, mimeType: string | undefined, t: TFunction): string {
  const ext = extensionOf(path);
  if (Object.hasOwn(BY_EXTENSION, ext)) return t(BY_EXTENSION[ext]!);
  const type = baseType(mimeType);
  if (Object.hasOwn(BY_TYPE, type)) return t(BY_TYPE[type]!);
  if (type.startsWith('application/x-cog-')) return t('Cog definition');
  const [major, minor = ''] = type.split('/');
  const sub = minor
    .replace(/^(x-|vnd\.)/, '')
    .split(/[.+-]/)[0]!
    .toUpperCase();
  if (major === 'image' && sub) return t('{{type}} image', { type: sub });
  if (major === 'audio' && sub) return t('{{type}} audio', { type: sub });
  if (major === 'video' && sub) return t('{{type}} video', { type: sub });
  if (major === 'text') return t('Text document');
  return ext ? t('{{type}} file', { type: ext.toUpperCase() }) : t('File');
}
