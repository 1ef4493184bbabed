/** What an administrator acts on: files by path, and whole folders (every file under them). */
export interface DriveSelection {
  paths: string[];
  folders: string[];
}

/** "3 files", "folder docs", "folder docs and 2 files": how a confirmation names a selection. */
export function describeSelection({ paths, folders }: DriveSelection): string {
  const parts: string[] = [];
  if (folders.length === 1) parts.push(`folder "${folders[0]}"`);
  else if (folders.length > 1) parts.push(`${folders.length} folders`);
  if (paths.length === 1) parts.push(`"${paths[0]}"`);
  else if (paths.length > 1) parts.push(`${paths.length} files`);
  return parts.join(' and ');
}

/** Tags typed as a comma list: trimmed, no blanks. */
export function splitTagList(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
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
