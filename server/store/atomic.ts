import type { Queries } from './kysely';

/**
 * Runs `work` in one transaction: the caller's when `q` is already one (a
 * repository of store.transaction's `tx`), else a new one on `q`. Kysely
 * cannot nest transactions, and a repository method that must be atomic on
 * its own is also called inside larger ones.
 */
export function atomically<T>(q: Queries, work: (q: Queries) => Promise<T>): Promise<T> {
  return q.isTransaction ? work(q) : q.transaction().execute(work);
}
