import * as z from 'zod/mini';

/**
 * The sidebar of conversations on the workspace page (issue 20): the user's
 * workspaces in this world, what they do to one by its id, and search. Each
 * client message is a request answered by its `.response`; the writes are
 * answered like workspace.update (status 'success' or 'error' with the reason).
 */

/** Longest search query the server reads (characters); longer ones are cut. */
export const WORKSPACE_SEARCH_MAX_CHARS = 200;

/** Most results one workspace.search answers with (names and messages together). */
export const WORKSPACE_SEARCH_LIMIT = 30;

const workspaceIdSchema = z.string().check(z.minLength(1), z.maxLength(200));

/** One workspace in the user's list. */
export const listedWorkspaceSchema = z.looseObject({
  workspace_id: z.string(),
  /** null: never named (shown as untitled). */
  name: z.nullable(z.string()),
  created_at: z.string(),
  /** The last message's time, else the creation's. */
  active_at: z.string(),
  /** The user's own pin and archive. */
  pinned: z.boolean(),
  archived: z.boolean(),
});
export type ListedWorkspace = z.infer<typeof listedWorkspaceSchema>;

/** A search hit: a workspace by its name, or one of its messages by its content. */
export const workspaceSearchHitSchema = z.looseObject({
  kind: z.enum(['name', 'message']),
  workspace_id: z.string(),
  name: z.nullable(z.string()),
  /** Message hits: the message and the passage around the match, matched words «marked» (plain text). */
  message_id: z.optional(z.string()),
  snippet: z.optional(z.string()),
  created_at: z.optional(z.string()),
});
export type WorkspaceSearchHit = z.infer<typeof workspaceSearchHitSchema>;

export const workspaceListClientSchemas = {
  'workspace.list': z.looseObject({}),
  'workspace.search': z.object({ q: z.string().check(z.maxLength(10_000)) }),
  'workspace.rename': z.object({ workspace_id: workspaceIdSchema, name: z.string() }),
  'workspace.pin': z.object({ workspace_id: workspaceIdSchema, pinned: z.boolean() }),
  'workspace.archive': z.object({ workspace_id: workspaceIdSchema, archived: z.boolean() }),
  /** Soft: workspace.restore brings it back until the purge (30 days). */
  'workspace.delete': z.object({ workspace_id: workspaceIdSchema }),
  'workspace.restore': z.object({ workspace_id: workspaceIdSchema }),
} as const;

const operationSchema = z.looseObject({
  request_id: z.optional(z.string()),
  status: z.string(),
  error: z.optional(z.string()),
  message: z.optional(z.string()),
});

export const workspaceListServerSchemas = {
  'workspace.list.response': z.looseObject({ workspaces: z.array(listedWorkspaceSchema) }),
  /** `q` is the query answered, so a late answer to an older query can be told apart. */
  'workspace.search.response': z.looseObject({
    q: z.string(),
    results: z.array(workspaceSearchHitSchema),
  }),
  'workspace.rename.response': operationSchema,
  'workspace.pin.response': operationSchema,
  'workspace.archive.response': operationSchema,
  'workspace.delete.response': operationSchema,
  'workspace.restore.response': operationSchema,
  /**
   * A workspace of the user's list changed (renamed, pinned, archived,
   * deleted, restored): lists ask for themselves again; a page showing it
   * takes its new name.
   */
  'workspace.changed': z.looseObject({
    workspace_id: z.string(),
    name: z.optional(z.nullable(z.string())),
    deleted: z.optional(z.boolean()),
  }),
} as const;
