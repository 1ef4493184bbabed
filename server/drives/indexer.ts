import type { DrivesRepository, FileRow } from '../store/drives';
import { tagsOf } from '../store/drives';
import type { BlobStore } from './blobs';
import { canExtract, ExtractError, extractText, MAX_TEXT_CHARS } from './extract';
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
/** A PDF larger than this is kept but not read for text. */
export const MAX_PDF_BYTES = 200 * 1024 * 1024;

export interface IndexerDeps {
  repo: DrivesRepository;
  blobs: BlobStore;
  semantic: SemanticIndex;
  /** Writes to the console of the world the file belongs to. */
  report(driveId: string, message: string): void;
}

/** What the semantic index reads for a file: where it is, what it is said to be, then its text. */
export function semanticTextOf(row: FileRow, body: string): string {
  return [row.path, row.description ?? '', tagsOf(row).join(', '), body]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The background queue behind every upload: extract text → full-text row →
 * semantic index. It runs one file at a time after the upload has answered,
 * yielding between files, so indexing never holds up a response.
 */
export class Indexer {
  private readonly queue = new Set<number>();
  private running: Promise<void> | null = null;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly deps: IndexerDeps) {}

  enqueue(fileId: number): void {
    if (this.closed) return;
    this.queue.add(fileId);
    if (!this.running) this.running = this.drain();
  }

  /** Re-queues every file whose current version was never indexed (e.g. the server stopped). */
  resumePending(): void {
    for (const id of this.deps.repo.pendingIndex()) this.enqueue(id);
  }

  get pending(): number {
    return this.queue.size + (this.running ? 1 : 0);
  }

  /** Resolves once the queue is empty (tests, seeding). */
  whenIdle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking work and waits for the file in hand. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.clear();
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.size > 0 && !this.closed) {
        const id = this.queue.values().next().value as number;
        this.queue.delete(id);
        await new Promise((resolve) => setImmediate(resolve));
        if (this.closed) break;
        await this.indexOne(id);
      }
    } finally {
      this.running = null;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private async indexOne(fileId: number): Promise<void> {
    const { repo, blobs, semantic, report } = this.deps;
    const row = repo.fileById(fileId);
    if (!row) return;
    let body = '';
    let error: string | null = null;
    try {
      if (canExtract(row.mime_type)) {
        const isPdf = row.mime_type === 'application/pdf';
        if (isPdf && row.size > MAX_PDF_BYTES) {
          error = `Not searched: PDFs over ${MAX_PDF_BYTES / 1024 / 1024} MB are not read for text`;
        } else {
          const bytes = await blobs.read(row.hash, isPdf ? MAX_PDF_BYTES : MAX_TEXT_BYTES);
          body = (await extractText(row.mime_type, bytes)) ?? '';
        }
      }
    } catch (err) {
      error =
        err instanceof ExtractError
          ? err.message
          : `Could not extract text: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (this.closed) return;
    if (!repo.setIndexed(row.id, row.version, body, error)) return; // a newer version is queued
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
}
