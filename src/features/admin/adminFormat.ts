import type { SearchKind } from '../../../protocol';
import { baseType, extensionOf } from '../drives/preview/previewKind';

/** The drives call of the admin pages: every drive of the world, app drives included (SPEC §6). */
export const ADMIN_DRIVES = { forAdmin: true } as const;

/** The kinds of drive search, as the admin pages name them. */
export const SEARCH_KINDS: readonly { value: SearchKind; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'semantic', label: 'Semantic' },
  { value: 'tags', label: 'Tag' },
];

const SHORT_US_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
});

/** A date in short US form, 11/22/2026 (SPEC §9); '' when absent or unreadable. */
export function formatShortDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : SHORT_US_DATE.format(date);
}

/** Labels by extension; the name decides first, as people name their files by kind. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  md: 'Markdown document',
  markdown: 'Markdown document',
  pdf: 'PDF document',
  txt: 'Text document',
  csv: 'CSV data',
  tsv: 'TSV data',
  json: 'JSON data',
  xml: 'XML document',
  yaml: 'YAML document',
  yml: 'YAML document',
  html: 'HTML document',
  htm: 'HTML document',
  png: 'PNG image',
  jpg: 'JPEG image',
  jpeg: 'JPEG image',
  gif: 'GIF image',
  webp: 'WebP image',
  svg: 'SVG image',
  bmp: 'BMP image',
  ts: 'TypeScript source',
  tsx: 'TypeScript source',
  js: 'JavaScript source',
  jsx: 'JavaScript source',
  py: 'Python source',
  go: 'Go source',
  java: 'Java source',
  c: 'C source',
  h: 'C header',
  cpp: 'C++ source',
  cs: 'C# source',
  css: 'CSS stylesheet',
  php: 'PHP source',
  rb: 'Ruby source',
  rs: 'Rust source',
  sh: 'Shell script',
  sql: 'SQL script',
  doc: 'Word document',
  docx: 'Word document',
  xls: 'Excel spreadsheet',
  xlsx: 'Excel spreadsheet',
  ppt: 'PowerPoint presentation',
  pptx: 'PowerPoint presentation',
  zip: 'ZIP archive',
  gz: 'Gzip archive',
  mp3: 'MP3 audio',
  wav: 'WAV audio',
  mp4: 'MP4 video',
};

const BY_TYPE: Readonly<Record<string, string>> = {
  'text/markdown': 'Markdown document',
  'application/pdf': 'PDF document',
  'application/json': 'JSON data',
  'application/xml': 'XML document',
  'text/xml': 'XML document',
  'text/html': 'HTML document',
  'text/csv': 'CSV data',
  'text/plain': 'Text document',
  'application/zip': 'ZIP archive',
};

/** A readable file type for people: 'Markdown document', 'PNG image', 'TypeScript source'. */
export function fileTypeLabel(path: string, mimeType: string | undefined): string {
  const ext = extensionOf(path);
  if (Object.hasOwn(BY_EXTENSION, ext)) return BY_EXTENSION[ext]!;
  const type = baseType(mimeType);
  if (Object.hasOwn(BY_TYPE, type)) return BY_TYPE[type]!;
  if (type.startsWith('application/x-cog-')) return 'Cog definition';
  const [major, minor = ''] = type.split('/');
  const sub = minor
    .replace(/^(x-|vnd\.)/, '')
    .split(/[.+-]/)[0]!
    .toUpperCase();
  if (major === 'image' && sub) return `${sub} image`;
  if (major === 'audio' && sub) return `${sub} audio`;
  if (major === 'video' && sub) return `${sub} video`;
  if (major === 'text') return 'Text document';
  return ext ? `${ext.toUpperCase()} file` : 'File';
}
