import { t } from '../../../i18n/i18n';

/** What an administrator acts on: files by path, and whole folders (every file under them). */
export interface DriveSelection {
  paths: string[];
  folders: string[];
}

/**
 * "3 files", 'folder "docs"', 'folder "docs" and 2 files': how a confirmation
 * names a selection, in the current language.
 */
export function describeSelection({ paths, folders }: DriveSelection): string {
  const folderPart =
    folders.length === 1
      ? t('folder "{{folder}}"', { folder: folders[0] })
      : folders.length > 1
        ? t('{{count}} folders', { count: folders.length })
        : '';
  const filePart =
    paths.length === 1
      ? `"${paths[0]}"`
      : paths.length > 1
        ? t('{{count}} files', { count: paths.length })
        : '';
  return folderPart && filePart
    ? t('{{folders}} and {{files}}', { folders: folderPart, files: filePart })
    : folderPart || filePart;
}

/** Tags typed as a comma list: trimmed, no blanks. */
export function splitTagList(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** The folder a path sits in ("" at the drive's root). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The folders above a path, outermost first ("a/b/c.txt" → ["a", "a/b"]). */
export function foldersAbove(path: string): string[] {
  const segments = path.split('/').slice(0, -1);
  return segments.map((_, i) => segments.slice(0, i + 1).join('/'));
}
