import * as z from 'zod/mini';

/**
 * Who may open a workspace (issue 20): its participants, or everyone in its
 * world when it is shared. The words both sides show, and the entities of the
 * workspace.access.* messages (clientMessages.ts, serverMessages.ts).
 */

/** A private workspace the user is no participant of (REST 403, socket workspace.unavailable). */
export const WORKSPACE_NOT_OPEN = 'This workspace is not open to you';
/** An unknown or deleted workspace, or one of another world (REST 404, socket workspace.unavailable). */
export const WORKSPACE_MISSING = 'This workspace does not exist';

/** Why a workspace did not open, machine-readable: the client never matches the error text. */
export const workspaceRefusalSchema = z.enum(['forbidden', 'missing']);
export type WorkspaceRefusal = z.infer<typeof workspaceRefusalSchema>;

/** The words shown for a refusal. */
export const workspaceRefusalText = (reason: WorkspaceRefusal): string =>
  reason === 'forbidden' ? WORKSPACE_NOT_OPEN : WORKSPACE_MISSING;

/** One person who may open a private workspace. */
export const workspaceParticipantSchema = z.looseObject({
  user_id: z.string(),
  name: z.string(),
  /** The person who created the workspace (who cannot be removed). */
  creator: z.optional(z.boolean()),
});
export type WorkspaceParticipant = z.infer<typeof workspaceParticipantSchema>;

/** A member of the world, as the invite list shows them. */
export const worldMemberSchema = z.looseObject({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type WorldMember = z.infer<typeof worldMemberSchema>;
