import type { DrivesRepository, FileRow } from '../store/drives';
import { tagsOf } from '../store/drives';
import { StoreUnavailableError } from '../store/storeErrors';
import fsp from 'node:fs/promises';
import { formatLimit } from './blobs/limits';
import type { BlobStore } from './blobs/types';
import { canExtract, MAX_TEXT_CHARS } from './extract';
import { ExtractCancelled, type ExtractPool } from './extractPool';
import type { SemanticIndex } from './types';
import { JobPostponed, type JobQueue, type RetryPolicy } from '../cog/jobs';

/** A semantic index that knows nothing: semantic search finds nothing until a real one is injected. */
export const noSemanticIndex: SemanticIndex = {
  name: 'none',
  async upsert() {},
  async remove() {},
  async search() {
    return { hits: [], total: 0 };
  },
};

/** Bytes of a text file read for extraction (UTF-8 is at most 4 bytes a character). */
const MAX_TEXT_BYTES = MAX_TEXT_CHARS * 4;
/**
 * Extractions of one version that may start and never finish (the server
 * stopped during them) before the file is given up on: it may be what
 * stopped the server.
 */
export const MAX_INDEX_ATTEMPTS = 2;
export const UNFINISHED_ERROR =
  'Not indexed: extraction did not finish (the server stopped during it twice)';
/**
 * A file whose indexing failed is tried again after this long, doubling
 * with each failure up to MAX_RETRY_MS. While the store cannot be reached
 * the file is not at fault and is retried for as long as the outage lasts;
 * any other failure is retried MAX_INDEX_RETRIES times, then the file stays
 * failed (with the reason) until an administrator retries it.
 */
export const INDEX_RETRY_MS = 5_000;
const MAX_RETRY_MS = 30_000;
export const MAX_INDEX_RETRIES = 3;

/** One file version to index: the job's id names both, so it runs once across the cluster. */
export interface IndexJob {
  fileId: number;
  version: number;
}

export const indexJobId = (job: IndexJob): string => `file-${job.fileId}-v${job.version}`;

/** The indexing queue's retry rule (see INDEX_RETRY_MS). */
export function indexRetryPolicy(retryMs = INDEX_RETRY_MS): RetryPolicy {
  return {
    maxFailures: MAX_INDEX_RETRIES,
    isOutage: (err) => err instanceof StoreUnavailableError,
    delayMs: (tries) => Math.min(retryMs * 2 ** (tries - 1), Math.max(retryMs, MAX_RETRY_MS)),
  };
}

export interface IndexerDeps {
  repo: DrivesRepository;
  blobs: BlobStore;
  /** A new temp file's path, for a local copy of a blob kept elsewhere (S3). */
  tempFile(): string;
  semantic: SemanticIndex;
  /** Where extraction runs: worker threads, under time and memory limits. */
  extractor: ExtractPool;
  /** Where the work waits: in-process, or BullMQ shared by every instance (openJobQueue). */
  queue: JobQueue<IndexJob>;
  /** Writes to the console of the world the file belongs to. */
  report(driveId: string, message: string): void;
  /** Hears a file whose semantic vectors changed here (other instances read them again). */
  onSemanticChange?(fileId: number): void;
  /** Hears a file whose indexing failed outside the file's own doing (default: stderr). */
  onFailure?(fileId: number, err: unknown): void;
}

function defaultOnFailure(fileId: number, err: unknown): void {
  console.error(`Indexing file ${fileId} failed (it is queued again later): ${errorText(err)}`);
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What the semantic index reads for a file: where it is, what it is said to be, then its text. */
export function semanticTextOf(row: FileRow, body: string): string {
  return [row.path, row.description ?? '', tagsOf(row).join(', '), body]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The background work behind every upload: extract text → full-text row →
 * semantic index, one job per file version on the job queue, after the
 * upload has answered. The extraction itself runs in a worker thread under
 * limits, so no file can hold up a response; a file that breaks a limit is
 * kept, marked failed with why it is not indexed, and not tried again. The
 * row says where each file stands (queued, running, failed, indexed), so
 * every instance shows the same, whichever did the work.
 */
export class Indexer {
  private closed = false;
  /** Adds not yet answered by the queue (Redis): whenIdle waits for them first. */
  private readonly adding = new Set<Promise<void>>();
  /** Extractions this instance started (tests count them across instances). */
  extractions = 0;

  constructor(private readonly deps: IndexerDeps) {
    deps.queue.work((job) => this.run(job));
    // A Redis that comes back may have lost jobs (restarted without its data): queue what is unindexed again.
    deps.queue.onRecovered(() => {
      if (this.closed) return;
      this.resumePending().catch((err: unknown) =>
        console.error('Queueing unindexed files again failed:', err),
      );
    });
  }

  /** Queues a file version; the same version queued again (here or elsewhere) runs once. */
  enqueue(row: { id: number; version: number }): void {
    this.add(() =>
      this.deps.queue.add(indexJobId({ fileId: row.id, version: row.version }), {
        fileId: row.id,
        version: row.version,
      }),
    );
  }

  /** Queues every file whose current version was never indexed (the server stopped, say); known jobs are not run again. */
  async resumePending(): Promise<void> {
    for (const row of await this.deps.repo.indexing.pendingVersions()) this.enqueue(row);
  }

  /**
   * Queues a file that is not being indexed again from a clean count (an
   * administrator's retry of a failed file); false while a worker has it.
   */
  async retry(fileId: number): Promise<boolean> {
    const row = await this.deps.repo.indexing.reset(fileId);
    if (!row) return false;
    const job = { fileId: row.id, version: row.version };
    await this.deps.queue.requeue(indexJobId(job), job);
    return true;
  }

  /** Files waiting for indexing or being indexed (the whole cluster's on a shared queue). */
  depth(): Promise<number> {
    return this.deps.queue.depth();
  }

  /** Resolves once nothing is queued or running (tests, seeding). */
  async whenIdle(): Promise<void> {
    while (this.adding.size > 0) await Promise.allSettled([...this.adding]);
    await this.deps.queue.whenIdle();
  }

  /** Stops taking work; the file in hand goes back to the queue (tried again by the next worker). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.adding]);
    // The queue takes no new job and waits for the one in hand, which stopping the extractor ends.
    const queueClosed = this.deps.queue.close();
    await this.deps.extractor.close();
    await queueClosed;
  }

  private add(adding: () => Promise<void>): void {
    const added = adding()
      .catch((err: unknown) => console.error('Queueing a file for indexing failed:', err))
      .finally(() => this.adding.delete(added));
    this.adding.add(added);
  }

  /** One job: a failure is shown on the row with its reason, then left to the queue to retry. */
  private async run(job: IndexJob): Promise<void> {
    if (this.closed) throw new JobPostponed();
    try {
      if ((await this.indexOne(job)) === 'cancelled') throw new JobPostponed();
    } catch (err) {
      if (err instanceof JobPostponed) throw err;
      (this.deps.onFailure ?? defaultOnFailure)(job.fileId, err);
      await this.deps.repo.indexing
        .markFailed(job.fileId, job.version, `Indexing failed: ${errorText(err)}`)
        .catch(() => {}); // the store may be what failed
      throw err;
    }
  }

  private async indexOne(job: IndexJob): Promise<'done' | 'cancelled'> {
    const { repo, semantic, report } = this.deps;
    const row = await repo.fileById(job.fileId);
    // Replaced by a newer version (its own job), or indexed already (a job added twice).
    if (!row || row.version !== job.version || row.indexed_at !== null) return 'done';
    if (!(await repo.indexing.markRunning(row.id, row.version))) return 'done';
    let body = '';
    let error: string | null = null;
    if (canExtract(row.mime_type)) {
      const outcome = await this.extract(row);
      if (outcome === 'superseded') return 'done';
      if (outcome === 'cancelled' || this.closed) return 'cancelled';
      if ('error' in outcome) error = outcome.error;
      else body = outcome.text;
    }
    if (!(await repo.setIndexed(row.id, row.version, body, error))) return 'done'; // a newer version is queued
    if (error) report(row.drive_id, `Indexing ${row.path}: ${error}`);
    try {
      await semantic.upsert({
        fileId: row.id,
        driveId: row.drive_id,
        text: semanticTextOf(row, body),
      });
      this.deps.onSemanticChange?.(row.id);
    } catch (err) {
      report(
        row.drive_id,
        `Semantic indexing of ${row.path} failed (${semantic.name}): ${errorText(err)}`,
      );
    }
    return 'done';
  }

  /** The file's text in a worker, counted as an attempt on its row while it runs. */
  private async extract(
    row: FileRow,
  ): Promise<{ text: string } | { error: string } | 'cancelled' | 'superseded'> {
    const { repo, blobs, extractor } = this.deps;
    const { maxBytes } = extractor.limits;
    const whole = row.mime_type === 'application/pdf';
    if (whole && row.size > maxBytes)
      return { error: `Not indexed: the file is larger than ${formatLimit(maxBytes)}` };
    if (row.index_attempts >= MAX_INDEX_ATTEMPTS) return { error: UNFINISHED_ERROR };
    const readBytes = whole ? maxBytes : Math.min(MAX_TEXT_BYTES, maxBytes);
    // The bytes are fetched first: a blob store that fails is not the file's doing (retried).
    const temp = this.deps.tempFile();
    try {
      const file = await blobs.localCopy(row.hash, Math.min(row.size, readBytes), temp);
      // Written before extraction starts: a file that kills the server is still counted.
      if (!(await repo.startIndexAttempt(row.id, row.version))) return 'superseded'; // a newer version came
      this.extractions++;
      try {
        const outcome = await extractor.extract({ mime: row.mime_type, file, maxBytes: readBytes });
        if (!this.closed) return outcome;
      } catch (err) {
        if (!(err instanceof ExtractCancelled))
          return { error: `Could not extract text: ${err instanceof Error ? err.message : err}` };
      }
    } finally {
      await fsp.rm(temp, { force: true });
    }
    // The server is stopping, which is not the file's doing: it is read again on the next start.
    await repo.cancelIndexAttempt(row.id, row.version);
    return 'cancelled';
  }
}
