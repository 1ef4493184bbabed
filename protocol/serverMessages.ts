import * as z from 'zod/mini';
import { commandEffectSchema } from './commands';
import {
  commandSchema,
  componentNodeSchema,
  expertSchema,
  messageSchema,
  progressItemSchema,
  researchBoxSchema,
  toolProviderSchema,
  traceSchema,
} from './entities';
import {
  workspaceParticipantSchema,
  workspaceRefusalSchema,
  worldMemberSchema,
} from './workspaceAccess';
import { toolServerSchemas } from './tools';
import { workspaceListServerSchemas } from './workspaceList';

/** The reply to workspace add/remove/update requests (SPEC §7). */
export const operationResponseSchema = z.looseObject({
  request_id: z.optional(z.string()),
  status: z.string(),
  error: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type OperationResponse = z.infer<typeof operationResponseSchema>;

const commandErrorSchema = z.looseObject({
  error: z.optional(z.string()),
  message: z.optional(z.string()),
});

/**
 * Every message the server sends on /api/ws/cog, typ → content schema
 * (SPEC §7 "Server to client").
 */
export const serverMessageSchemas = {
  'cog.heartbeat': z.unknown(),
  'server.hello': z.looseObject({
    version: z.optional(z.string()),
    time: z.optional(z.string()),
    worldId: z.optional(z.string()),
    /** The signed-in user's id, as messages carry it in user_id. */
    userId: z.optional(z.string()),
  }),
  'server.heartbeat': z.looseObject({ time: z.union([z.string(), z.number()]) }),
  /** The server refusing a frame; the connection stays up. */
  'server.error': z.looseObject({ error: z.string(), typ: z.optional(z.string()) }),
  'user.echo': messageSchema,
  'assistant.message': messageSchema,
  'display.message': messageSchema,
  /** One page of a transcript, answering display.messages with a limit (oldest first). */
  'display.history': z.looseObject({
    /** Which page this is: the newest, or the one before / after / around `cursor`. */
    page: z.enum(['latest', 'before', 'after', 'around']),
    cursor: z.optional(z.string()),
    messages: z.array(messageSchema),
    /** The workspace's research boxes and traces, on the pages that start a view (latest, around). */
    researchboxes: z.optional(z.array(researchBoxSchema)),
    traces: z.optional(z.array(traceSchema)),
    /** Whether more messages are stored before the first of this page / after its last. */
    older: z.boolean(),
    newer: z.boolean(),
  }),
  /** Messages taken out of the transcript (an edited question's answers, now in its versions). */
  'display.messages.removed': z.looseObject({ message_ids: z.array(z.string()) }),
  'display.expert': expertSchema,
  'display.researchbox': researchBoxSchema,
  'server.progress': progressItemSchema,
  'server.data': z.looseObject({ key: z.string() }),
  'server.tool.start': z.looseObject({ tool_name: z.string() }),
  'server.tool.complete': z.looseObject({ tool_name: z.optional(z.string()) }),
  'server.tool.error': z.looseObject({ tool_name: z.optional(z.string()), error: z.string() }),
  'server.trace': traceSchema,
  'flash.message': z.looseObject({ text: z.string() }),
  /** A file was attached to or taken off the workspace: its viewers fetch the list again. */
  'workspace.files.changed': z.looseObject({ workspaceId: z.string() }),
  /**
   * An administrator changed this account's worlds (granted, revoked, made it
   * an admin), or renamed the world the page is in: the page reads the user
   * again, so the world switcher shows it at once.
   */
  'user.access.changed': z.looseObject({}),
  'workspace.expert.details.response': z.looseObject({
    experts: z.array(expertSchema),
    workspaceName: z.optional(z.string()),
  }),
  'workspace.toolprovider.details.response': z.looseObject({
    providers: z.array(toolProviderSchema),
  }),
  'workspace.update.response': operationResponseSchema,
  'workspace.expert.add.response': operationResponseSchema,
  'workspace.expert.remove.response': operationResponseSchema,
  'workspace.toolprovider.add.response': operationResponseSchema,
  'workspace.toolprovider.remove.response': operationResponseSchema,
  /**
   * The workspace this socket set (scontext.set workspace_id) does not open
   * for its user: 'forbidden' (private, not a participant) or 'missing'
   * (unknown, deleted, another world's). The socket gets none of its frames.
   */
  'workspace.unavailable': z.looseObject({
    workspace_id: z.string(),
    reason: workspaceRefusalSchema,
    error: z.string(),
  }),
  'workspace.access.details.response': z.looseObject({
    shared: z.boolean(),
    participants: z.array(workspaceParticipantSchema),
    /** Whether this user may share, invite and remove (the creator, a world admin). */
    can_manage: z.boolean(),
  }),
  'workspace.access.members.response': z.looseObject({ members: z.array(worldMemberSchema) }),
  'workspace.access.share.response': operationResponseSchema,
  'workspace.access.invite.response': operationResponseSchema,
  'workspace.access.remove.response': operationResponseSchema,
  ...workspaceListServerSchemas,
  ...toolServerSchemas,
  'command.list.response': z.looseObject({ commands: z.array(commandSchema) }),
  'command.search.response': z.looseObject({ commands: z.array(commandSchema) }),
  'command.execute.response': z.looseObject({
    message: z.optional(z.string()),
    result: z.optional(z.unknown()),
    effect: z.optional(commandEffectSchema),
  }),
  'command.list.error': commandErrorSchema,
  'command.search.error': commandErrorSchema,
  'command.execute.error': commandErrorSchema,
  'page.display': z.looseObject({
    appname: z.optional(z.string()),
    pagename: z.optional(z.string()),
    path: z.optional(z.string()),
    component: z.optional(componentNodeSchema),
    status: z.optional(z.string()),
    error: z.optional(z.string()),
    /** After a page.event: go to this same-site path. */
    redirect_url: z.optional(z.string()),
  }),
  'flow.screen.display': z.looseObject({
    flowid: z.optional(z.string()),
    component: z.optional(componentNodeSchema),
    status: z.optional(z.string()),
    error: z.optional(z.string()),
    /** Progress indicator: screen `step` of `steps`. */
    step: z.optional(z.number()),
    steps: z.optional(z.number()),
    done: z.optional(z.boolean()),
    redirect_url: z.optional(z.string()),
  }),
  /** The server asking a client which apps it hosts (reply cog.apps.response). */
  'cog.apps': z.looseObject({}),
  'cog.event': z.looseObject({ name: z.optional(z.string()) }),
  /** The server forwarding a call to the remote app that hosts the cog. */
  'cog.call': z.object({
    appname: z.string(),
    module: z.string(),
    cog: z.string(),
    args: z.optional(z.array(z.unknown())),
    kvargs: z.optional(z.record(z.string(), z.unknown())),
  }),
  'cog.call.response': z.looseObject({
    status: z.string(),
    result: z.optional(z.unknown()),
    error: z.optional(z.string()),
  }),
  /** The server's registry answer for a remote app's cog.hello. */
  'cog.hello.response': z.looseObject({ status: z.string(), error: z.optional(z.string()) }),
} as const;

export type ServerMessageSchemas = typeof serverMessageSchemas;
export type ServerTyp = keyof ServerMessageSchemas;
export type ServerContent<T extends ServerTyp> = z.infer<ServerMessageSchemas[T]>;
export const serverTyps = Object.keys(serverMessageSchemas) as ServerTyp[];
