import { randomUUID } from 'node:crypto';
import { inTransaction, type Queries } from './kysely';

/** A process that writes blobs, as the other processes see it. */
export interface BlobWriterRow {
  id: string;
  host: string;
  pid: number;
  /** When its process started (epoch ms). */
  started_at: number;
  /** Epoch milliseconds of its last heartbeat. */
  seen_at: number;
}

/**
 * Who is writing which blob, shared by every process on the store. A blob
 * becomes visible in the blob store only under a lease, and the lease goes
 * only once a drive file refers to the blob (or the upload gave up), so a
 * blob that is neither referenced nor leased by a live writer is an orphan
 * whichever process looks.
 */
export class BlobLeasesRepository {
  constructor(private readonly q: Queries) {}

  /** Records the writer as alive now (adding it when new or when it was given up for dead). */
  async beat(writer: Omit<BlobWriterRow, 'seen_at'>, now: number): Promise<void> {
    await this.q
      .insertInto('blob_writers')
      .values({ ...writer, seen_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: now }))
      .execute();
  }

  /** A lease of `hash` for the writer, which is alive now; returns the lease's id. */
  take(writer: Omit<BlobWriterRow, 'seen_at'>, hash: string, now: number): Promise<string> {
    return inTransaction(this.q, async (tx) => {
      await new BlobLeasesRepository(tx).beat(writer, now);
      const id = randomUUID();
      await tx
        .insertInto('blob_leases')
        .values({ id, writer_id: writer.id, hash, taken_at: now })
        .execute();
      return id;
    });
  }

  async release(leaseId: string): Promise<void> {
    await this.q.deleteFrom('blob_leases').where('id', '=', leaseId).execute();
  }

  writers(): Promise<BlobWriterRow[]> {
    return this.q.selectFrom('blob_writers').selectAll().orderBy('id').execute();
  }

  /** Gives up writers for dead, with their leases. */
  async forget(writerIds: string[]): Promise<void> {
    if (writerIds.length === 0) return;
    await inTransaction(this.q, async (tx) => {
      await tx.deleteFrom('blob_leases').where('writer_id', 'in', writerIds).execute();
      await tx.deleteFrom('blob_writers').where('id', 'in', writerIds).execute();
    });
  }

  /**
   * Whether a drive file (current, an earlier version, or deleted and kept) refers to the blob or a writer seen at or after
   * `liveSince` holds a lease on it. One statement, so one snapshot: a commit
   * writes its file rows before it drops its lease, and this sees one or the other.
   */
  async isWanted(hash: string, liveSince: number): Promise<boolean> {
    const row = await this.q
      .selectNoFrom((eb) => [
        eb
          .exists(eb.selectFrom('drive_files').select('id').where('hash', '=', hash))
          .as('referenced'),
        // Earlier versions and deleted files keep their bytes until the retention purges them.
        eb
          .exists(eb.selectFrom('drive_file_versions').select('file_id').where('hash', '=', hash))
          .as('versioned'),
        eb
          .exists(eb.selectFrom('drive_trash').select('file_id').where('hash', '=', hash))
          .as('trashed'),
        eb
          .exists(
            eb
              .selectFrom('blob_leases as l')
              .innerJoin('blob_writers as w', 'w.id', 'l.writer_id')
              .select('l.id')
              .where('l.hash', '=', hash)
              .where('w.seen_at', '>=', liveSince),
          )
          .as('leased'),
      ])
      .executeTakeFirstOrThrow();
    return (
      Boolean(row.referenced) ||
      Boolean(row.versioned) ||
      Boolean(row.trashed) ||
      Boolean(row.leased)
    );
  }
}
