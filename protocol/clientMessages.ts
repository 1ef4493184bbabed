import * as z from 'zod/mini';
import { applicationSchema, declaredCogSchema } from './entities';
import { toolClientSchemas } from './tools';
import { workspaceListClientSchemas } from './workspaceList';

const userIdSchema = z.string().check(z.minLength(1), z.maxLength(200));

/** Largest user message the server accepts (characters of text). */
export const MAX_USER_MESSAGE_CHARS = 64 * 1024;

/** Most messages one display.history page carries. */
export const MAX_HISTORY_PAGE = 200;

const messageIdSchema = z.string().check(z.minLength(1), z.maxLength(200));

const attrsSchema = z.record(z.string(), z.unknown());

/**
 * Every message a client (the browser, or a remote app) sends on /api/ws/cog,
 * typ → content schema (SPEC §7 "Client to server").
 */
export const clientMessageSchemas = {
  'scontext.set': z.object({
    key: z.string().check(z.minLength(1), z.maxLength(200)),
    value: z.unknown(),
  }),
  'client.hello': z.looseObject({ version: z.optional(z.string()) }),
  'cog.hello': z.object({
    appName: z.string().check(z.minLength(1), z.maxLength(200)),
    processId: z.optional(z.union([z.string(), z.number()])),
    token: z.optional(z.string()),
    cogs: z.array(declaredCogSchema).check(z.maxLength(10_000)),
  }),
  'display.experts': z.looseObject({}),
  /**
   * Without `limit`: every stored message as display.message frames (SPEC §7).
   * With it: one display.history frame holding that page — the newest, or the
   * one before / after / around a message (the transcript's paging).
   */
  'display.messages': z.looseObject({
    limit: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_HISTORY_PAGE))),
    before: z.optional(messageIdSchema),
    after: z.optional(messageIdSchema),
    around: z.optional(messageIdSchema),
  }),
  'user.message': z.object({ text: z.string().check(z.maxLength(MAX_USER_MESSAGE_CHARS)) }),
  /** Stop the answers under way in the open workspace (a participant only). */
  'round.stop': z.looseObject({}),
  /** The expert of this answer answers its question again; the earlier answer stays a version. */
  'message.regenerate': z.object({ message_id: messageIdSchema }),
  /** The author's last question, edited: asked again; the earlier exchange stays a version. */
  'message.edit': z.object({
    message_id: messageIdSchema,
    text: z.string().check(z.maxLength(MAX_USER_MESSAGE_CHARS)),
  }),
  'workspace.expert.details': z.looseObject({}),
  'workspace.toolprovider.details': z.looseObject({}),
  'workspace.update': z.object({ name: z.string() }),
  'workspace.expert.add': z.object({ expert_id: z.string().check(z.minLength(1)) }),
  'workspace.expert.remove': z.object({ expert_id: z.string().check(z.minLength(1)) }),
  'workspace.toolprovider.add': z.object({ provider_name: z.string().check(z.minLength(1)) }),
  'workspace.toolprovider.remove': z.object({ provider_name: z.string().check(z.minLength(1)) }),
  /** Who may open the workspace: shared or not, its participants, and whether this user may change that. */
  'workspace.access.details': z.looseObject({}),
  /** The world's members to invite (asked by the workspace's creator or a world admin). */
  'workspace.access.members': z.looseObject({}),
  /** Share the workspace with everyone in its world, or make it private to its participants. */
  'workspace.access.share': z.object({ shared: z.boolean() }),
  /** Make a member of the world a participant. */
  'workspace.access.invite': z.object({ user_id: userIdSchema }),
  /** Take a participant out (the creator stays). */
  'workspace.access.remove': z.object({ user_id: userIdSchema }),
  ...workspaceListClientSchemas,
  ...toolClientSchemas,
  'command.list': z.object({ namespace: z.optional(z.string()) }),
  'command.search': z.object({ q: z.string(), namespace: z.optional(z.string()) }),
  'command.execute': z.object({
    commandId: z.string().check(z.minLength(1)),
    namespace: z.optional(z.string()),
    args: z.optional(attrsSchema),
  }),
  'page.display': z.object({
    appname: z.optional(z.string()),
    pagename: z.optional(z.string()),
    path: z.optional(z.string()),
  }),
  'page.event': z.object({
    event_handler: z.string().check(z.minLength(1)),
    pagename: z.optional(z.string()),
    appname: z.optional(z.string()),
    attrs: z.optional(attrsSchema),
  }),
  'flow.event': z.object({
    event_handler: z.string().check(z.minLength(1)),
    flowid: z.optional(z.string()),
    attrs: z.optional(attrsSchema),
  }),
  'cog.apps.response': z.object({ apps: z.array(applicationSchema) }),
  'cog.call': z.object({
    appname: z.string().check(z.minLength(1)),
    module: z.string().check(z.minLength(1)),
    cog: z.string().check(z.minLength(1)),
    args: z.optional(z.array(z.unknown())),
    kvargs: z.optional(attrsSchema),
  }),
  /** A remote app's answer to a cog.call the server forwarded to it. */
  'cog.call.response': z.object({
    status: z.enum(['success', 'error']),
    result: z.optional(z.unknown()),
    error: z.optional(z.string()),
  }),
  /** A remote app pushing an event to the server. */
  'cog.event': z.looseObject({ name: z.optional(z.string()) }),
} as const;

export type ClientMessageSchemas = typeof clientMessageSchemas;
export type ClientTyp = keyof ClientMessageSchemas;
export type ClientContent<T extends ClientTyp> = z.infer<ClientMessageSchemas[T]>;
export const clientTyps = Object.keys(clientMessageSchemas) as ClientTyp[];
