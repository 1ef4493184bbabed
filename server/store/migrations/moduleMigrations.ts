import { sqliteDriveHistory, postgresDriveHistory } from './driveHistory';
import {
  postgresDriveListingRevisions,
  sqliteDriveListingRevisions,
} from './driveListingRevisions';
import { sqliteMcpProviders, postgresMcpProviders } from './mcpProviders';
import { messageVersionsMigration } from './messageVersions';
import { sqlitePeopleAudit, postgresPeopleAudit } from './peopleAudit';
import {
  postgresSearchDocumentParallel,
  sqliteSearchDocumentParallel,
} from './searchDocumentParallel';
import { postgresSearchDriveIndex, sqliteSearchDriveIndex } from './searchDriveIndex';
import type { Migration } from './types';
import { userLanguageMigration } from './userLanguage';
import { sqliteUserSettings, postgresUserSettings } from './userSettings';
import { sqliteWorkspaceLists, postgresWorkspaceLists } from './workspaceLists';
import { workspaceSharingMigration } from './workspaceSharing';

/**
 * Migrations 20 on, each in a module of its own: one list per dialect, in
 * order, after the ones written in sqlite.ts and postgres.ts. A new one goes
 * at the end of both lists.
 */
export const sqliteModuleMigrations: readonly Migration[] = [
  workspaceSharingMigration,
  sqliteWorkspaceLists,
  messageVersionsMigration,
  sqliteUserSettings,
  sqlitePeopleAudit,
  sqliteMcpProviders,
  sqliteDriveHistory,
  userLanguageMigration,
  sqliteDriveListingRevisions,
  sqliteSearchDriveIndex,
  sqliteSearchDocumentParallel,
];

export const postgresModuleMigrations: readonly Migration[] = [
  workspaceSharingMigration,
  postgresWorkspaceLists,
  messageVersionsMigration,
  postgresUserSettings,
  postgresPeopleAudit,
  postgresMcpProviders,
  postgresDriveHistory,
  userLanguageMigration,
  postgresDriveListingRevisions,
  postgresSearchDriveIndex,
  postgresSearchDocumentParallel,
];
