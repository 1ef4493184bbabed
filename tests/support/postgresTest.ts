import { inject, test } from 'vitest';
import { createDatabase } from './postgres';

/**
 * `pgTest` is Vitest's `test` with PostgreSQL fixtures: `pgAdminUrl` (the
 * cluster's superuser URL) and `pgUrl` (a fresh, empty database of its own).
 * Without PostgreSQL the test is skipped with the reason the globalSetup gave.
 */
export const pgTest = test.extend<{ pgAdminUrl: string; pgUrl: string }>({
  pgAdminUrl: async ({ skip }, use) => {
    const postgres = inject('postgres');
    if ('skipped' in postgres) skip(postgres.skipped);
    else await use(postgres.url);
  },
  pgUrl: async ({ pgAdminUrl }, use) => {
    await use(await createDatabase(pgAdminUrl));
  },
});
