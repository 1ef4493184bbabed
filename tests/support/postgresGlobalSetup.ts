import type { TestProject } from 'vitest/node';
import { findPostgresBin, POSTGRES_MISSING, startPostgres } from './postgres';

/**
 * Vitest globalSetup of the server project: one throwaway PostgreSQL cluster
 * for the whole run (each test file makes its own database on it), or the
 * one named by EMGEN_TEST_PG_URL. Without PostgreSQL the run goes on and the
 * PostgreSQL tests are skipped, saying why.
 */

export type PostgresForTests = { url: string } | { skipped: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresForTests;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.EMGEN_TEST_PG_URL;
  if (given) {
    project.provide('postgres', { url: given });
    return;
  }
  if (!findPostgresBin()) {
    console.warn(POSTGRES_MISSING);
    project.provide('postgres', { skipped: POSTGRES_MISSING });
    return;
  }
  const cluster = await startPostgres();
  project.provide('postgres', { url: cluster.url });
  return () => cluster.stop();
}
