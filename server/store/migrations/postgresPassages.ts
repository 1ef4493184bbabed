import type { Migration } from './types';

/**
 * PostgreSQL migration 19 (its own file: postgres.ts is at the length
 * limit): word-vector passages in place of WordNet concept vectors.
 */
export const passagesMigration: Migration = {
  id: 19,
  name: 'word-vector passages replace WordNet concept vectors; embeddings know their passage',
  /*
   * The embedded semantic index keeps each passage's words (vectors are
   * made from them on load) and where it sits in the file, so a hit can
   * show and cite it. Concept rows are dropped, and every indexed file is
   * queued again so that the index that replaces them reads it.
   */
  sql: `
    CREATE TABLE semantic_passages (
      file_id BIGINT NOT NULL,
      chunk INTEGER NOT NULL,
      drive_id TEXT COLLATE "C" NOT NULL,
      version TEXT COLLATE "C" NOT NULL,
      start INTEGER NOT NULL,
      stop INTEGER NOT NULL,
      heading TEXT COLLATE "C" NOT NULL,
      words TEXT COLLATE "C" NOT NULL,
      PRIMARY KEY (file_id, chunk)
    );
    CREATE INDEX semantic_passages_drive ON semantic_passages(drive_id);
    DROP TABLE semantic_concepts;
    ALTER TABLE semantic_embeddings ADD COLUMN start INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE semantic_embeddings ADD COLUMN stop INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE semantic_embeddings ADD COLUMN heading TEXT COLLATE "C" NOT NULL DEFAULT '';
    UPDATE drive_files SET indexed_at = NULL, index_state = 'queued', index_attempts = 0
     WHERE index_state = 'indexed';
  `,
};
