import type { Selectable } from 'kysely';
import type { Queries } from './kysely';
import type { Database } from './schema';

/** A running server as the other servers see it. */
export type MeetingInstanceRow = Selectable<Database['meeting_instances']>;

/** One expert's answer being worked on by one instance. */
export type AnswerUnderWayRow = Selectable<Database['answers_under_way']>;

/**
 * Which instance is answering what, shared by every instance on the store.
 * An answer is written down when its round starts and struck off once it (or
 * its failure) is stored; one left behind by an instance that is gone (kill
 * -9, a crashed machine) can never finish, and another instance ends it.
 */
export class AnswersUnderWayRepository {
  constructor(private readonly q: Queries) {}

  /** Records the instance as alive now (adding it when new or when given up for dead). */
  async beat(instance: Omit<MeetingInstanceRow, 'seen_at'>, now: number): Promise<void> {
    await this.q
      .insertInto('meeting_instances')
      .values({ ...instance, seen_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: now }))
      .execute();
  }

  instances(): Promise<MeetingInstanceRow[]> {
    return this.q.selectFrom('meeting_instances').selectAll().orderBy('id').execute();
  }

  /** Gives instances up for dead (their answers stay until claimed). */
  async forget(instanceIds: string[]): Promise<void> {
    if (instanceIds.length === 0) return;
    await this.q.deleteFrom('meeting_instances').where('id', 'in', instanceIds).execute();
  }

  async begin(rows: AnswerUnderWayRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.q.insertInto('answers_under_way').values(rows).execute();
  }

  async end(answerId: string): Promise<void> {
    await this.q.deleteFrom('answers_under_way').where('answer_id', '=', answerId).execute();
  }

  /**
   * Strikes off and returns every answer whose instance is not among
   * `aliveIds`. One statement: of two instances claiming at once, each answer
   * goes to one of them.
   */
  claimOrphans(aliveIds: string[]): Promise<AnswerUnderWayRow[]> {
    const claim = this.q.deleteFrom('answers_under_way');
    // `NOT IN ()` is no SQL: with no instance alive, every answer is an orphan.
    const orphans = aliveIds.length ? claim.where('instance_id', 'not in', aliveIds) : claim;
    return orphans.returningAll().execute();
  }
}
