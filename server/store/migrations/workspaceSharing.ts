import type { Migration } from './types';

/**
 * Migration 20, the same SQL on SQLite and PostgreSQL (both store the flag as
 * INTEGER 0/1, like is_admin).
 */
export const workspaceSharingMigration: Migration = {
  id: 20,
  name: 'workspaces are private to their participants unless shared with the whole world',
  /*
   * A workspace is private to its participants (workspace_users) unless
   * it is shared with its whole world. What existing rows become:
   * - the seeded Welcome meeting of each world ('<world>-welcome') is
   *   shared: it is the world's common room, and the seed shares it too;
   * - a workspace nobody took part in yet (no workspace_users row) is
   *   shared: before this migration every member could open it, and as a
   *   private workspace nobody at all could reach it any more;
   * - every other workspace becomes private to the people who took part in
   *   it (everyone who ever posted or edited it was added to
   *   workspace_users), which is the point: a member who only knew the
   *   URL no longer reads the transcript.
   * The creator is a participant too (create() adds them); rows made
   * before that rule are covered by adding any missing creator here.
   */
  sql: `
    ALTER TABLE workspaces ADD COLUMN shared INTEGER NOT NULL DEFAULT 0;
    INSERT INTO workspace_users (workspace_id, user_id)
      SELECT w.id, w.created_by FROM workspaces w
       WHERE w.created_by IS NOT NULL
         AND EXISTS (SELECT 1 FROM users u WHERE u.id = w.created_by)
         AND NOT EXISTS (SELECT 1 FROM workspace_users wu
                          WHERE wu.workspace_id = w.id AND wu.user_id = w.created_by);
    UPDATE workspaces SET shared = 1
     WHERE id = world_id || '-welcome'
        OR NOT EXISTS (SELECT 1 FROM workspace_users wu WHERE wu.workspace_id = workspaces.id);
  `,
};
