import type { Migration } from './types';

/**
 * Migration 28, one id and name for both dialects: a counter per drive that
 * moves whenever what its listings show could change, so that a listing's
 * total and where its deep pages start can be kept between requests
 * (store/driveListings.ts) and still be right on every instance of a cluster.
 *
 * Triggers keep `drive_listing_revisions` (no row yet: revision 0): files
 * added or removed, moved, renamed, resized or replaced (`updated_at`), and
 * tags added or removed. Indexing a file changes none of these, so it leaves
 * the counter alone. The table is derived, like messages_fts: `npm run db --
 * copy` leaves it out and the target's own triggers fill it.
 */
const NAME = "a revision of each drive's listings";

const LISTED_COLUMNS = 'drive_id, path, name, size, updated_at';

/** SQLite: one more change to the drive of the trigger's NEW or OLD row. */
const bump = (row: 'NEW' | 'OLD') =>
  `INSERT INTO drive_listing_revisions (drive_id, revision) VALUES (${row}.drive_id, 1)
        ON CONFLICT (drive_id) DO UPDATE SET revision = revision + 1;`;

export const sqliteDriveListingRevisions: Migration = {
  id: 28,
  name: NAME,
  sql: `
    CREATE TABLE drive_listing_revisions (
      drive_id TEXT PRIMARY KEY,
      revision INTEGER NOT NULL
    );
    CREATE TRIGGER drive_files_listed_insert AFTER INSERT ON drive_files BEGIN
      ${bump('NEW')}
    END;
    CREATE TRIGGER drive_files_listed_delete AFTER DELETE ON drive_files BEGIN
      ${bump('OLD')}
    END;
    CREATE TRIGGER drive_files_listed_update AFTER UPDATE OF ${LISTED_COLUMNS} ON drive_files BEGIN
      ${bump('OLD')}
      ${bump('NEW')}
    END;
    CREATE TRIGGER drive_file_tags_listed_insert AFTER INSERT ON drive_file_tags BEGIN
      ${bump('NEW')}
    END;
    CREATE TRIGGER drive_file_tags_listed_delete AFTER DELETE ON drive_file_tags BEGIN
      ${bump('OLD')}
    END;
  `,
};

/**
 * PostgreSQL: inserts and deletes bump once per statement (a bulk import of
 * 100,000 files is one update per batch, not one per row, and concurrent
 * uploads hold the counter's row for one statement's worth); an update bumps
 * per row, and only when a listed column really changed.
 */
export const postgresDriveListingRevisions: Migration = {
  id: 28,
  name: NAME,
  sql: `
    CREATE TABLE drive_listing_revisions (
      drive_id TEXT PRIMARY KEY,
      revision BIGINT NOT NULL
    );
    CREATE FUNCTION emgen_listing_changed() RETURNS trigger
      LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      BEGIN
        INSERT INTO drive_listing_revisions AS r (drive_id, revision)
          SELECT DISTINCT drive_id, 1 FROM changed_rows
          ON CONFLICT (drive_id) DO UPDATE SET revision = r.revision + 1;
        RETURN NULL;
      END
      $$;
    CREATE FUNCTION emgen_listing_row_changed() RETURNS trigger
      LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      BEGIN
        INSERT INTO drive_listing_revisions AS r (drive_id, revision)
          SELECT DISTINCT d, 1 FROM (VALUES (OLD.drive_id), (NEW.drive_id)) AS v(d)
          ON CONFLICT (drive_id) DO UPDATE SET revision = r.revision + 1;
        RETURN NULL;
      END
      $$;
    CREATE TRIGGER drive_files_listed_insert AFTER INSERT ON drive_files
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION emgen_listing_changed();
    CREATE TRIGGER drive_files_listed_delete AFTER DELETE ON drive_files
      REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION emgen_listing_changed();
    CREATE TRIGGER drive_files_listed_update AFTER UPDATE OF ${LISTED_COLUMNS} ON drive_files
      FOR EACH ROW
      WHEN ((OLD.drive_id, OLD.path, OLD.name, OLD.size, OLD.updated_at)
            IS DISTINCT FROM (NEW.drive_id, NEW.path, NEW.name, NEW.size, NEW.updated_at))
      EXECUTE FUNCTION emgen_listing_row_changed();
    CREATE TRIGGER drive_file_tags_listed_insert AFTER INSERT ON drive_file_tags
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION emgen_listing_changed();
    CREATE TRIGGER drive_file_tags_listed_delete AFTER DELETE ON drive_file_tags
      REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION emgen_listing_changed();
  `,
};
