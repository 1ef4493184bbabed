import { z } from 'zod';
import { applicationSchema, declaredCogSchema } from './entities';

/** Largest user message the server accepts (characters of text). */
export const MAX_USER_MESSAGE_CHARS = 64 * 1024;

const attrsSchema = z.record(z.string(), z.unknown());

/**
 * Every message a client (the browser, or a remote app) sends on /api/ws/cog,
 * typ → content schema (SPEC §7 "Client to server").
 */
export const clientMessageSchemas = {
  'scontext.set': z.object({ key: z.string().min(1).max(200), value: z.unknown() }),
  'client.hello': z.looseObject({ version: z.string().optional() }),
  'cog.hello': z.object({
    appName: z.string().min(1).max(200),
    processId: z.union([z.string(), z.number()]).optional(),
    token: z.string().optional(),
    cogs: z.array(declaredCogSchema).max(10_000),
  }),
  'display.experts': z.looseObject({}),
  'display.messages': z.looseObject({}),
  'user.message': z.object({ text: z.string().max(MAX_USER_MESSAGE_CHARS) }),
  'workspace.expert.details': z.looseObject({}),
  'workspace.toolprovider.details': z.looseObject({}),
  'workspace.update': z.object({ name: z.string() }),
  'workspace.expert.add': z.object({ expert_id: z.string().min(1) }),
  'workspace.expert.remove': z.object({ expert_id: z.string().min(1) }),
  'workspace.toolprovider.add': z.object({ provider_name: z.string().min(1) }),
  'workspace.toolprovider.remove': z.object({ provider_name: z.string().min(1) }),
  'command.list': z.object({ namespace: z.string().optional() }),
  'command.search': z.object({ q: z.string(), namespace: z.string().optional() }),
  'command.execute': z.object({
    commandId: z.string().min(1),
    namespace: z.string().optional(),
    args: attrsSchema.optional(),
  }),
  'page.display': z.object({
    appname: z.string().optional(),
    pagename: z.string().optional(),
    path: z.string().optional(),
  }),
  'page.event': z.object({
    event_handler: z.string().min(1),
    pagename: z.string().optional(),
    appname: z.string().optional(),
    attrs: attrsSchema.optional(),
  }),
  'flow.event': z.object({
    event_handler: z.string().min(1),
    flowid: z.string().optional(),
    attrs: attrsSchema.optional(),
  }),
  'cog.apps.response': z.object({ apps: z.array(applicationSchema) }),
  'cog.call': z.object({
    appname: z.string().min(1),
    module: z.string().min(1),
    cog: z.string().min(1),
    args: z.array(z.unknown()).optional(),
    kvargs: attrsSchema.optional(),
  }),
  /** A remote app's answer to a cog.call the server forwarded to it. */
  'cog.call.response': z.object({
    status: z.enum(['success', 'error']),
    result: z.unknown().optional(),
    error: z.string().optional(),
  }),
  /** A remote app pushing an event to the server. */
  'cog.event': z.looseObject({ name: z.string().optional() }),
} as const;

export type ClientMessageSchemas = typeof clientMessageSchemas;
export type ClientTyp = keyof ClientMessageSchemas;
export type ClientContent<T extends ClientTyp> = z.infer<ClientMessageSchemas[T]>;
export const clientTyps = Object.keys(clientMessageSchemas) as ClientTyp[];
