import type { Migration } from './types';

/**
 * Migration 23, one file for both dialects (same id and name): each
 * person's own settings (/settings).
 *
 * `user_settings` holds one row per person who changed something; a person
 * without a row has the defaults (protocol/settings.ts), so existing
 * accounts need no rows here. The display name stays users.name and the
 * PIN's secret users.totp_secret (sign-in reads them); this table keeps
 * what only the settings page and the browser read:
 * - avatar_color: one of AVATAR_COLORS, or NULL for the default;
 * - theme: 'light', 'dark' or 'system';
 * - devtools: JSON of the Redux DevTools preferences kept per person;
 * - pending_totp_secret / pending_totp_at: a PIN being enrolled, asked for
 *   at sign-in only once a code from the authenticator confirmed it (then
 *   it moves to users.totp_secret); the time lets a stale one expire.
 */
const NAME = "each person's settings: avatar colour, theme, DevTools preferences, PIN enrolment";

export const sqliteUserSettings: Migration = {
  id: 23,
  name: NAME,
  sql: `
    CREATE TABLE user_settings (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      avatar_color TEXT,
      theme TEXT NOT NULL DEFAULT 'system',
      devtools TEXT,
      pending_totp_secret TEXT,
      pending_totp_at TEXT,
      updated_at TEXT NOT NULL
    );
  `,
};

export const postgresUserSettings: Migration = {
  id: 23,
  name: NAME,
  sql: `
    CREATE TABLE user_settings (
      user_id TEXT COLLATE "C" PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      avatar_color TEXT COLLATE "C",
      theme TEXT COLLATE "C" NOT NULL DEFAULT 'system',
      devtools TEXT,
      pending_totp_secret TEXT COLLATE "C",
      pending_totp_at TEXT COLLATE "C",
      updated_at TEXT COLLATE "C" NOT NULL
    );
  `,
};
