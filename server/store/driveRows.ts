import type { Selectable } from 'kysely';
import type { Database } from './schema';
/** A drive as the server keeps it. World drives belong to one world; app drives to an app. */
export interface DriveRow {
  id: string;
  world_id: string;
  name: string;
  /** Set for a drive an app owns (listed unless hideAppDrives). */
  app_name: string | null;
  created_at: string;
}

/** One file of a drive as stored (its bytes are the blob named by `hash`). */
export type FileRow = Selectable<Database['drive_files']>;

export type SortBy = 'path' | 'name' | 'size' | 'updated';

export interface ListOptions {
  prefix?: string;
  sortBy?: SortBy;
  sortDir?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
  /** Files carrying every one of these tags (case-insensitive). */
  tags?: string[];
}

/** Tags as stored: trimmed, no blanks, no case-insensitive repeats, bounded. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().slice(0, 100);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
    if (out.length >= 50) break;
  }
  return out;
}

export function tagsOf(row: FileRow): string[] {
  try {
    const value: unknown = JSON.parse(row.tags);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
