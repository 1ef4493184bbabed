import type { Migration } from './types';

/**
 * Migration 30, one id and name for both dialects: on PostgreSQL,
 * emgen_search_document (migration 5) is labelled PARALLEL UNSAFE instead
 * of PARALLEL SAFE. It catches program_limit_exceeded in an EXCEPTION block
 * (a body too long for one tsvector is indexed from its start), and such a
 * block opens a subtransaction, which nothing in a parallel operation may
 * (the leader neither): a parallel plan that computed it (a CREATE TABLE AS
 * over drive files, say) failed with "cannot start subtransactions during a
 * parallel operation". PostgreSQL's manual asks exactly this label of such
 * functions. Today's callers (the stored document columns, a trigger)
 * compute it row by row in INSERT and UPDATE, which never run in parallel,
 * so nothing changes for them.
 *
 * SQLite has no such function: nothing to do.
 */
const NAME = 'the search document function keeps queries that compute it serial (PostgreSQL)';

export const sqliteSearchDocumentParallel: Migration = { id: 30, name: NAME, sql: `SELECT 1;` };

export const postgresSearchDocumentParallel: Migration = {
  id: 30,
  name: NAME,
  sql: `ALTER FUNCTION emgen_search_document(TEXT, TEXT, TEXT, TEXT, TEXT) PARALLEL UNSAFE;`,
};
