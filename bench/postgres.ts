import pg from 'pg';
import { findPostgresBin, POSTGRES_MISSING, startPostgres } from '../tests/support/postgres';
import { driveCorpus } from './corpus';
import { filesFor, measureListingAndSearch } from './drives';
import { meetingOverheadBench } from './meetingOverhead';
import type { BenchOutcome, BenchResult } from './report';

/**
 * Server settings of the bench's cluster beyond the tests'. PostgreSQL's
 * default shared_buffers (128 MB) is below these tables and indexes (about
 * 300 MB), so every search would copy pages in from the OS cache; its docs
 * advise a quarter of the memory of a dedicated server.
 */
const SETTINGS = { shared_buffers: '512MB' };

/**
 * What autovacuum does to a table some time after a bulk load: planner
 * statistics (ANALYZE) and the visibility map (VACUUM) that lets an index
 * answer without reading the table. The bench does it at once instead of
 * waiting a minute or more for autovacuum's turn. A VACUUM right after the
 * load may not mark every page yet (a transaction that began before the load
 * committed, such as an autovacuum worker's, may still run), so it repeats
 * until it has.
 */
async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      await client.query('VACUUM (ANALYZE) drive_files, drive_fts');
      const { rows } = await client.query<{ relname: string; relpages: number; visible: number }>(
        `SELECT relname, relpages, relallvisible AS visible FROM pg_class
          WHERE relname IN ('drive_files', 'drive_fts')`,
      );
      const behind = rows.filter((r) => r.visible < r.relpages);
      if (behind.length === 0) return;
      if (attempt === 20) {
        const left = behind.map((r) => `${r.relname} ${r.visible}/${r.relpages}`).join(', ');
        throw new Error(`VACUUM left pages not all-visible: ${left}`);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await client.end();
  }
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]!.server_version.split(' ')[0]!;
  } finally {
    await client.end();
  }
}

/**
 * The store figures of DESIGN §8 on PostgreSQL beside SQLite's, in one run
 * on one corpus: drive listing and text search over 100,000 files through
 * the real HTTP server, and meeting overhead per expert answer. PostgreSQL
 * is a throwaway cluster of Debian's package, started as the tests start it
 * (tests/support/postgres.ts), each measurement on a fresh database.
 * Without PostgreSQL it says so on one line and measures SQLite alone.
 */
export async function postgresBench(opts: { quick: boolean }): Promise<BenchOutcome[]> {
  const files = driveCorpus(filesFor(opts.quick));
  const samples = opts.quick ? 60 : 200;
  const sqlite = {
    drives: await measureListingAndSearch(files, { samples, label: 'SQLite' }),
    meeting: await meetingOverheadBench({ quick: opts.quick, label: 'SQLite' }),
  };
  if (!findPostgresBin()) {
    return [
      ...sqlite.drives,
      sqlite.meeting,
      { name: 'PostgreSQL store figures', skipped: POSTGRES_MISSING },
    ];
  }
  const cluster = await startPostgres({ settings: SETTINGS });
  const settings = Object.entries(SETTINGS)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  let postgres: { drives: BenchResult[]; meeting: BenchResult };
  try {
    const databaseUrl = await cluster.createDatabase();
    postgres = {
      drives: await measureListingAndSearch(files, {
        samples,
        label: 'PostgreSQL',
        about: `PostgreSQL ${await serverVersion(cluster.url)}, a throwaway cluster with ${settings}`,
        databaseUrl,
        settle: { what: 'VACUUM (ANALYZE)', run: () => vacuumAnalyze(databaseUrl) },
      }),
      meeting: await meetingOverheadBench({
        quick: opts.quick,
        label: 'PostgreSQL',
        databaseUrl: await cluster.createDatabase(),
      }),
    };
  } finally {
    await cluster.stop();
  }
  // Each figure beside its counterpart.
  return [
    ...sqlite.drives.flatMap((r, i) => [r, postgres.drives[i]!]),
    sqlite.meeting,
    postgres.meeting,
  ];
}
