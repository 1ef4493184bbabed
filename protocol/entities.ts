import * as z from 'zod/mini';
import { messageVersionSchema } from './messageVersions';

/** Entities of SPEC §3 that travel over the socket. */

export const messageSchema = z.looseObject({
  message_id: z.string(),
  name: z.optional(z.string()),
  keywords: z.optional(z.union([z.string(), z.array(z.string())])),
  html: z.optional(z.string()),
  content: z.optional(z.string()),
  /** true on the last update of a streamed answer */
  final: z.optional(z.boolean()),
  /** 'user' for the user's own words, 'tool' for a tool someone called (tool_name), else the expert's id */
  role: z.optional(z.string()),
  /** The tool a tool message ran (called from the message box's / menu). */
  tool_name: z.optional(z.string()),
  created_at: z.optional(z.string()),
  /** Who asked (a user's message). */
  user_id: z.optional(z.string()),
  /** The engine ('offline') or model that answered, and how long it took (ms). */
  model: z.optional(z.string()),
  duration_ms: z.optional(z.number()),
  /** The user stopped this answer before it was done: what it had said is kept. */
  stopped: z.optional(z.boolean()),
  /** Earlier versions, oldest first (regenerated answer, edited question). */
  versions: z.optional(z.array(messageVersionSchema)),
});
export type Message = z.infer<typeof messageSchema>;

export const expertSchema = z.looseObject({
  expert_id: z.string(),
  name: z.string(),
  keywords: z.optional(z.union([z.string(), z.array(z.string())])),
  home_link: z.optional(z.string()),
  selected: z.optional(z.boolean()),
  /** The tool providers the expert brings to a new workspace. */
  tool_providers: z.optional(z.array(z.string())),
});
export type Expert = z.infer<typeof expertSchema>;

export const researchBoxSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  title: z.optional(z.string()),
  html: z.optional(z.string()),
  content: z.optional(z.string()),
});
export type ResearchBox = z.infer<typeof researchBoxSchema>;

export const traceSchema = z.looseObject({
  key: z.string(),
  html: z.optional(z.string()),
  value: z.optional(z.unknown()),
});
export type Trace = z.infer<typeof traceSchema>;

export const progressStatusSchema = z.enum([
  'working-ok',
  'working-with-errors',
  'failed',
  'completed',
  /** The user stopped the round (round.stop); 'done' follows. */
  'stopped',
  'done',
]);
export type ProgressStatus = z.infer<typeof progressStatusSchema>;

export const progressItemSchema = z.looseObject({
  cid: z.string(),
  status: progressStatusSchema,
  error: z.optional(z.string()),
});
export type ProgressItem = z.infer<typeof progressItemSchema>;

export const toolSchema = z.looseObject({
  name: z.string(),
  description: z.optional(z.string()),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolProviderSchema = z.looseObject({
  name: z.string(),
  description: z.optional(z.string()),
  service_url: z.optional(z.string()),
  tools: z.optional(z.array(toolSchema)),
  selected: z.optional(z.boolean()),
  /** An MCP server's resources and prompts (issue 22), listed in its details. */
  resources: z.optional(z.array(toolSchema)),
  prompts: z.optional(z.array(toolSchema)),
});
export type ToolProvider = z.infer<typeof toolProviderSchema>;

export const commandSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  score: z.optional(z.number()),
  tags: z.optional(z.array(z.string())),
  cogPath: z.optional(z.string()),
  namespace: z.optional(z.string()),
  /** Running it loses something (e.g. Clear Console): the palette asks first and never preselects it. */
  destructive: z.optional(z.boolean()),
});
export type Command = z.infer<typeof commandSchema>;

/** A server-driven UI node (SPEC §3 "Component node"); children nest freely. */
export interface ComponentNode {
  component: string;
  children?: ComponentNode[] | string;
  title?: string;
  content?: unknown;
  label?: string;
  type?: string;
  style?: Record<string, unknown>;
  variant?: string;
  disabled?: boolean;
  action?: unknown;
  event_handler?: string;
  sections?: ComponentNode[];
  columns?: ComponentNode[];
  aside_left?: ComponentNode;
  aside_right?: ComponentNode;
  main?: ComponentNode;
  optionLetter?: string;
  height?: number | string;
  html?: string;
  topic?: string;
  placeholder?: string;
  [extra: string]: unknown;
}
export const componentNodeSchema: z.ZodMiniType<ComponentNode> = z.lazy(() =>
  z.looseObject({
    component: z.string(),
    children: z.optional(z.union([z.array(componentNodeSchema), z.string()])),
    sections: z.optional(z.array(componentNodeSchema)),
    columns: z.optional(z.array(componentNodeSchema)),
    aside_left: z.optional(componentNodeSchema),
    aside_right: z.optional(componentNodeSchema),
    main: z.optional(componentNodeSchema),
  }),
) as z.ZodMiniType<ComponentNode>;

export const annotationEntrySchema = z.looseObject({
  moduleName: z.string(),
  cogName: z.string(),
  attrs: z.optional(z.record(z.string(), z.unknown())),
});
export type AnnotationEntry = z.infer<typeof annotationEntrySchema>;

export const applicationSchema = z.looseObject({
  appName: z.string(),
  processId: z.optional(z.union([z.string(), z.number()])),
  annotations: z.record(z.string(), z.array(annotationEntrySchema)),
});
export type Application = z.infer<typeof applicationSchema>;

/** A cog a remote app declares in cog.hello. */
export const declaredCogSchema = z.object({
  module: z.string().check(z.minLength(1), z.maxLength(200)),
  cog: z.string().check(z.minLength(1), z.maxLength(200)),
  annotations: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type DeclaredCog = z.infer<typeof declaredCogSchema>;
