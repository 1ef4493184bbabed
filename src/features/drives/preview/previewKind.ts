import type { DriveFile } from '../../../../protocol';

export type PreviewKind = 'markdown' | 'text' | 'code' | 'image' | 'pdf' | 'none';

/** Extensions previewed as highlighted source (SPEC §5), with the highlighter's language. */
export const CODE_LANGUAGES: Readonly<Record<string, string>> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  go: 'go',
  java: 'java',
  c: 'c',
  cpp: 'cpp',
  cs: 'csharp',
  html: 'xml',
  css: 'css',
  php: 'php',
  rb: 'ruby',
  rs: 'rust',
  sh: 'bash',
};

const TEXT_TYPES = new Set(['application/json', 'application/xml']);

/** The extension of the last path segment, lower case, without the dot ('' if none). */
export function extensionOf(path: string): string {
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The media type without parameters, lower case: 'text/plain; charset=utf-8' → 'text/plain'. */
export const baseType = (mimeType: string | undefined): string =>
  (mimeType ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * How a file is previewed (SPEC §5). The name decides only for kinds shown as
 * text or handed to a parser (markdown, code, PDF); an image is shown only when
 * the server's sniffed MimeType says image, so a .png that is really HTML is
 * shown as text, never rendered.
 */
export function previewKind(file: Pick<DriveFile, 'Path' | 'MimeType'>): PreviewKind {
  const ext = extensionOf(file.Path);
  const type = baseType(file.MimeType);
  if (ext === 'md' || ext === 'markdown' || type.includes('markdown')) return 'markdown';
  if (Object.hasOwn(CODE_LANGUAGES, ext)) return 'code';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (type.startsWith('text/') || TEXT_TYPES.has(type) || type.startsWith('application/x-cog-')) {
    return 'text';
  }
  if (type.startsWith('image/')) return 'image';
  return 'none';
}

/** The highlighter's language for a code file, if it has one. */
export function codeLanguage(path: string): string | undefined {
  const ext = extensionOf(path);
  return Object.hasOwn(CODE_LANGUAGES, ext) ? CODE_LANGUAGES[ext] : undefined;
}
