import type { FileRow } from './driveRows';
import type { Queries } from './kysely';

/** Ids per statement (SQLite's limit on bound values is far above it). */
const IDS_PER_QUERY = 500;

/** The drive files with these ids, by id (an id with no file is left out). */
export async function filesById(q: Queries, ids: readonly number[]): Promise<Map<number, FileRow>> {
  const out = new Map<number, FileRow>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await q
      .selectFrom('drive_files')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + IDS_PER_QUERY))
      .execute();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}
