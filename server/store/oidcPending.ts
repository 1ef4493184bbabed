import type { Queries } from './kysely';

/** An OIDC sign-in begun and not yet finished (what the callback needs to check it). */
export interface OidcPendingRow {
  state: string;
  verifier: string;
  nonce: string;
  next: string | null;
  world: string | null;
  /** Epoch milliseconds when the sign-in began. */
  created_at: number;
}

/**
 * Pending OIDC sign-ins, shared by every instance on the store: the browser
 * comes back from the provider to whichever instance the balancer picks.
 */
export class OidcPendingRepository {
  constructor(private readonly q: Queries) {}

  async add(row: OidcPendingRow): Promise<void> {
    await this.q.insertInto('oidc_pending').values(row).execute();
  }

  /**
   * Removes the sign-in and returns it when it began at or after `since`:
   * one statement, so of two callbacks racing with one state only one gets it.
   */
  async take(state: string, since: number): Promise<OidcPendingRow | undefined> {
    const row = await this.q
      .deleteFrom('oidc_pending')
      .where('state', '=', state)
      .returningAll()
      .executeTakeFirst();
    return row && row.created_at >= since ? row : undefined;
  }

  /** Forgets sign-ins begun before `before`, and all but the newest `keep`. */
  async prune(before: number, keep: number): Promise<void> {
    await this.q.deleteFrom('oidc_pending').where('created_at', '<', before).execute();
    // Begun faster than they expire (someone hammering the login route): the oldest go first.
    await this.q
      .deleteFrom('oidc_pending')
      .where('created_at', '<', (eb) =>
        eb
          .selectFrom('oidc_pending')
          .select('created_at')
          .orderBy('created_at', 'desc')
          .limit(1)
          .offset(keep - 1),
      )
      .execute();
  }

  async count(): Promise<number> {
    const { n } = await this.q
      .selectFrom('oidc_pending')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}
