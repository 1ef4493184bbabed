import { inTransaction, type Queries } from './kysely';

/** One passage of a file in the embedded word-vector index (server/drives/semantic/vectorIndex.ts). */
export interface PassageRow {
  file_id: number;
  chunk: number;
  drive_id: string;
  /** The analysis that read the words; rows of another one are read again from `words`. */
  version: string;
  /** Where the passage starts and stops in the file's indexed text. */
  start: number;
  stop: number;
  heading: string;
  /** JSON: [word, count] pairs of the passage's content words. */
  words: string;
}

/** Where an embedded chunk sits in its file. */
export interface PassagePlace {
  start: number;
  stop: number;
  heading: string;
}

/** One chunk's vector in the embeddings index (server/drives/semantic/embeddingsIndex.ts). */
export interface EmbeddingRow {
  file_id: number;
  drive_id: string;
  /** Float32 values, little-endian bytes. */
  vector: Uint8Array;
  start: number;
  stop: number;
  heading: string;
}

/** Rows read per query when an index loads everything it stored. */
const PAGE = 500;

/**
 * The stored vectors of the semantic indexes. The indexes keep their vectors
 * in memory for scoring; these rows let them start again without analysing
 * or embedding every file anew.
 */
export class SemanticRowsRepository {
  constructor(private readonly q: Queries) {}

  // ---- word-vector index ------------------------------------------------------

  /** Replaces every passage of a file with `rows` (none: the file has no passage). */
  async putPassages(fileId: number, rows: Omit<PassageRow, 'file_id'>[]): Promise<void> {
    await inTransaction(this.q, async (q) => {
      await q.deleteFrom('semantic_passages').where('file_id', '=', fileId).execute();
      if (rows.length === 0) return;
      await q
        .insertInto('semantic_passages')
        .values(rows.map((r) => ({ ...r, file_id: fileId })))
        .execute();
    });
  }

  async removePassages(fileId: number): Promise<void> {
    await this.q.deleteFrom('semantic_passages').where('file_id', '=', fileId).execute();
  }

  /** Every stored passage by file and chunk, read a page at a time. */
  async *passages(): AsyncGenerator<PassageRow> {
    let after = { file: -1, chunk: -1 };
    for (;;) {
      const rows = await this.q
        .selectFrom('semantic_passages')
        .selectAll()
        .where(({ eb, refTuple, tuple }) =>
          eb(refTuple('file_id', 'chunk'), '>', tuple(after.file, after.chunk)),
        )
        .orderBy('file_id')
        .orderBy('chunk')
        .limit(PAGE)
        .execute();
      yield* rows;
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = { file: last.file_id, chunk: last.chunk };
    }
  }

  /** One file's passages in chunk order (another instance may just have written them). */
  passagesOf(fileId: number): Promise<PassageRow[]> {
    return this.q
      .selectFrom('semantic_passages')
      .selectAll()
      .where('file_id', '=', fileId)
      .orderBy('chunk')
      .execute();
  }

  // ---- embeddings index -------------------------------------------------------

  /** Replaces every chunk vector of a file, made by `model`, with `vectors` (one per chunk, at `places`). */
  async putEmbeddings(
    fileId: number,
    driveId: string,
    model: string,
    vectors: Uint8Array[],
    places: PassagePlace[],
  ): Promise<void> {
    await inTransaction(this.q, async (q) => {
      await q.deleteFrom('semantic_embeddings').where('file_id', '=', fileId).execute();
      if (vectors.length === 0) return;
      await q
        .insertInto('semantic_embeddings')
        .values(
          vectors.map((vector, chunk) => ({
            file_id: fileId,
            chunk,
            drive_id: driveId,
            model,
            vector,
            ...places[chunk]!,
          })),
        )
        .execute();
    });
  }

  async removeEmbeddings(fileId: number): Promise<void> {
    await this.q.deleteFrom('semantic_embeddings').where('file_id', '=', fileId).execute();
  }

  /** One file's vectors made by `model`, in chunk order. */
  async embeddingsOf(fileId: number, model: string): Promise<EmbeddingRow[]> {
    const rows = await this.q
      .selectFrom('semantic_embeddings')
      .select(['file_id', 'chunk', 'drive_id', 'vector', 'start', 'stop', 'heading'])
      .where('file_id', '=', fileId)
      .where('model', '=', model)
      .orderBy('chunk')
      .execute();
    return rows.map(({ chunk: _chunk, ...row }) => row);
  }

  /** Every vector `model` made, by file and chunk, read a page at a time. */
  async *embeddings(model: string): AsyncGenerator<EmbeddingRow> {
    let after = { file: -1, chunk: -1 };
    for (;;) {
      const rows = await this.q
        .selectFrom('semantic_embeddings')
        .select(['file_id', 'chunk', 'drive_id', 'vector', 'start', 'stop', 'heading'])
        .where('model', '=', model)
        .where(({ eb, refTuple, tuple }) =>
          eb(refTuple('file_id', 'chunk'), '>', tuple(after.file, after.chunk)),
        )
        .orderBy('file_id')
        .orderBy('chunk')
        .limit(PAGE)
        .execute();
      for (const { chunk: _chunk, ...row } of rows) yield row;
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = { file: last.file_id, chunk: last.chunk };
    }
  }
}
