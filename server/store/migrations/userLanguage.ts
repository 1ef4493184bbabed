import type { Migration } from './types';

/**
 * Migration 27, one statement for both dialects (same id and name): the
 * language each person reads the pages in (protocol/settings.ts
 * LANGUAGE_CHOICES). 'browser', the default, follows the browser's own
 * preference, so existing accounts need no change.
 */
export const userLanguageMigration: Migration = {
  id: 27,
  name: "each person's language",
  sql: `ALTER TABLE user_settings ADD COLUMN language TEXT NOT NULL DEFAULT 'browser';`,
};
