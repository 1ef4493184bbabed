import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '../store';
import { DEMO_WORLDS } from './demo';
import type { Drives } from '../drives/driveService';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SEED_DOCUMENTS_DIR = path.join(here, 'documents');
export const SEED_DRIVE_NAME = 'Library';
/** Optional map in the documents folder: relative path → tags (or { tags, description }). */
const TAGS_FILE = 'tags.json';

type TagEntry = string[] | { tags?: string[]; description?: string };

/** Every regular file under `dir` as drive paths ("engineering/api.md"), sorted. */
export function listDocuments(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listDocuments(path.join(dir, e.name), rel));
    else if (e.isFile() && rel !== TAGS_FILE) out.push(rel);
  }
  return out;
}

function readTags(dir: string): Record<string, TagEntry> {
  const file = path.join(dir, TAGS_FILE);
  if (!fs.existsSync(file)) return {};
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, TagEntry>) : {};
  } catch {
    return {};
  }
}

function metaOf(entry: TagEntry | undefined): { tags?: string[]; description?: string } {
  if (!entry) return {};
  if (Array.isArray(entry)) return { tags: entry.filter((t) => typeof t === 'string') };
  return {
    tags: Array.isArray(entry.tags) ? entry.tags.filter((t) => typeof t === 'string') : undefined,
    description: typeof entry.description === 'string' ? entry.description : undefined,
  };
}

/**
 * Gives every demo world a "Library" drive holding the documents under
 * server/seed/documents (sub-folders kept as paths, tags from its
 * tags.json). Files already in the drive are left alone, so running it on
 * every start only adds documents that are new. Indexing runs in the
 * background; await `service.whenIndexed()` to wait for it.
 */
export async function seedDrives(
  store: Store,
  _dataDir: string,
  service: Drives,
  opts: { documentsDir?: string } = {},
): Promise<{ drives: number; files: number }> {
  const dir = opts.documentsDir ?? SEED_DOCUMENTS_DIR;
  const documents = listDocuments(dir);
  const tags = readTags(dir);
  let drives = 0;
  let files = 0;
  for (const w of DEMO_WORLDS) {
    if (!(await store.worlds.byId(w.id))) continue;
    const drive = await service.ensureDrive(w.id, SEED_DRIVE_NAME);
    drives++;
    for (const rel of documents) {
      if (await store.drives.fileByPath(drive.id, rel)) continue;
      try {
        const bytes = fs.readFileSync(path.join(dir, ...rel.split('/')));
        await service.putFile(drive, rel, bytes, metaOf(tags[rel]));
        files++;
      } catch (err) {
        await store.console.append(w.id, {
          app_name: 'drives',
          from: 'seed',
          message: `Could not seed ${rel}: ${err instanceof Error ? err.message : String(err)}`,
        });
      }
    }
  }
  return { drives, files };
}
