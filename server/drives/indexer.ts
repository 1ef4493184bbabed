import type { DrivesRepository, FileRow } from '../store/drives';
import { tagsOf } from '../store/drives';
import { StoreUnavailableError } from '../store/storeErrors';
import fsp from 'node:fs/promises';
import { formatLimit } from './blobs/limits';
import type { BlobStore } from './blobs/types';
import { canExtract, MAX_TEXT_CHARS } from './extract';
import { ExtractCancelled, type ExtractPool } from './extractPool';
import type { SemanticIndex } from './types';

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
 * A file whose indexing failed is queued again after this long, doubling
 * with each failure up to MAX_RETRY_MS. While the store cannot be reached the
 * file is not at fault and is retried for as long as the outage lasts; any
 * other failure is retried MAX_INDEX_RETRIES times in this process, then
 * waits for the next start, which queues every unindexed file again.
 */
export const INDEX_RETRY_MS = 5_000;
const MAX_RETRY_MS = 30_000;
const MAX_INDEX_RETRIES = 3;

export interface IndexerDeps {
  repo: DrivesRepository;
  blobs: BlobStore;
  /** A new temp file's path, for a local copy of a blob kept elsewhere (S3). */
  tempFile(): string;
  semantic: SemanticIndex;
  /** Where extraction runs: worker threads, under time and memory limits. */
  extractor: ExtractPool;
  /** Writes to the console of the world the file belongs to. */
  report(driveId: string, message: string): void;
  /** Hears a file whose indexing failed outside the file's own doing (default: stderr). */
  onFailure?(fileId: number, err: unknown): void;
  /** How long before a failed file is queued again (tests shorten it). */
  retryMs?: number;
}

function defaultOnFailure(fileId: number, err: unknown): void {
  console.error(
    `Indexing file ${fileId} failed (it is queued again later): ${err instanceof Error ? err.message : String(err)}`,
  );
}

/** What the semantic index reads for a file: where it is, what it is said to be, then its text. */
export function semanticTextOf(row: FileRow, body: string): string {
  return [row.path, row.description ?? '', tagsOf(row).join(', '), body]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The background queue behind every upload: extract text → full-text row →
 * semantic index. It runs one file at a time after the upload has answered;
 * the extraction itself runs in a worker thread under limits, so no file can
 * hold up a response, and a file that breaks a limit is kept, marked with
 * why it is not indexed, and not tried again.
 */
export class Indexer {
  private readonly queue = new Set<number>();
  private running: Promise<void> | null = null;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  /** Files whose indexing failed, with how often, and the timers that queue them again. */
  private readonly retries = new Map<number, number>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: IndexerDeps) {}

  enqueue(fileId: number): void {
    if (this.closed) return;
    this.queue.add(fileId);
    if (!this.running) this.running = this.drain();
  }

  /** Re-queues every file whose current version was never indexed (e.g. the server stopped). */
  async resumePending(): Promise<void> {
    for (const id of await this.deps.repo.pendingIndex()) this.enqueue(id);
  }

  get pending(): number {
    return this.queue.size + (this.running ? 1 : 0);
  }

  /** Resolves once the queue is empty (tests, seeding). */
  whenIdle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking work and the file in hand (it is tried again on the next start). */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.clear();
    for (const t of this.retryTimers) clearTimeout(t);
    this.retryTimers.clear();
    await this.deps.extractor.close();
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.size > 0 && !this.closed) {
        const id = this.queue.values().next().value as number;
        this.queue.delete(id);
        await new Promise((resolve) => setImmediate(resolve));
        if (this.closed) break;
        // One file's failure (the store gone for a moment) never stops the queue
        // nor becomes an unhandled rejection.
        await this.indexOne(id).then(
          () => this.retries.delete(id),
          (err: unknown) => this.failed(id, err),
        );
      }
    } finally {
      this.running = null;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private failed(fileId: number, err: unknown): void {
    const { onFailure = defaultOnFailure, retryMs = INDEX_RETRY_MS } = this.deps;
    onFailure(fileId, err);
    const tries = (this.retries.get(fileId) ?? 0) + 1;
    this.retries.set(fileId, tries);
    const outage = err instanceof StoreUnavailableError;
    if ((!outage && tries > MAX_INDEX_RETRIES) || this.closed) return;
    const timer = setTimeout(
      () => {
        this.retryTimers.delete(timer);
        this.enqueue(fileId);
      },
      Math.min(retryMs * 2 ** (tries - 1), Math.max(retryMs, MAX_RETRY_MS)),
    );
    timer.unref();
    this.retryTimers.add(timer);
  }

  private async indexOne(fileId: number): Promise<void> {
    const { repo, semantic, report } = this.deps;
    const row = await repo.fileById(fileId);
    if (!row || this.closed) return;
    let body = '';
    let error: string | null = null;
    if (canExtract(row.mime_type)) {
      const outcome = await this.extract(row);
      if (outcome === 'cancelled' || this.closed) return;
      if ('error' in outcome) error = outcome.error;
      else body = outcome.text;
    }
    if (!(await repo.setIndexed(row.id, row.version, body, error))) return; // a newer version is queued
    if (error) report(row.drive_id, `Indexing ${row.path}: ${error}`);
    try {
      await semantic.upsert({
        fileId: row.id,
        driveId: row.drive_id,
        text: semanticTextOf(row, body),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      report(
        row.drive_id,
        `Semantic indexing of ${row.path} failed (${semantic.name}): ${message}`,
      );
    }
  }

  /** The file's text in a worker, counted as an attempt on its row while it runs. */
  private async extract(row: FileRow): Promise<{ text: string } | { error: string } | 'cancelled'> {
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
      if (!(await repo.startIndexAttempt(row.id, row.version))) return 'cancelled'; // a newer version came
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
