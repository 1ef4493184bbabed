import type { FileRow } from './driveRows';
import type { Queries } from './kysely';

/**
 * The indexing side of a file row: which version a worker has, why a try
 * failed, what is left to queue. Every instance reads and writes it, so the
 * admin drive table shows the same wherever the work ran.
 */
export class FileIndexing {
  constructor(private readonly q: Queries) {}

  /** A worker has taken this version; false when it was replaced or indexed meanwhile. */
  async markRunning(fileId: number, version: number): Promise<boolean> {
    const result = await this.q
      .updateTable('drive_files')
      .set({ index_state: 'running' })
      .where('id', '=', fileId)
      .where('version', '=', version)
      .where('indexed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A try failed for a reason that may pass (it is retried): shown with the reason meanwhile. */
  async markFailed(fileId: number, version: number, reason: string): Promise<void> {
    await this.q
      .updateTable('drive_files')
      .set({ index_state: 'failed', index_error: reason })
      .where('id', '=', fileId)
      .where('version', '=', version)
      .where('indexed_at', 'is', null)
      .execute();
  }

  /**
   * Puts a version that is not being indexed back in line, from a clean
   * count (an administrator's retry); undefined while a worker has it.
   */
  async reset(fileId: number): Promise<FileRow | undefined> {
    const result = await this.q
      .updateTable('drive_files')
      .set({ index_state: 'queued', index_error: null, indexed_at: null, index_attempts: 0 })
      .where('id', '=', fileId)
      .where('index_state', '!=', 'running')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return this.q.selectFrom('drive_files').selectAll().where('id', '=', fileId).executeTakeFirst();
  }

  /** The versions not indexed yet, for queueing them again at start. */
  pendingVersions(limit = 1_000_000): Promise<{ id: number; version: number }[]> {
    return this.q
      .selectFrom('drive_files')
      .select(['id', 'version'])
      .where('indexed_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
