import { z } from 'zod';

/** Entities of SPEC §3 that travel over the socket. */

export const messageSchema = z.looseObject({
  message_id: z.string(),
  name: z.string().optional(),
  keywords: z.union([z.string(), z.array(z.string())]).optional(),
  html: z.string().optional(),
  content: z.string().optional(),
  /** true on the last update of a streamed answer */
  final: z.boolean().optional(),
  /** 'user' for the user's own words, else the expert's id */
  role: z.string().optional(),
  created_at: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const expertSchema = z.looseObject({
  expert_id: z.string(),
  name: z.string(),
  keywords: z.union([z.string(), z.array(z.string())]).optional(),
  home_link: z.string().optional(),
  selected: z.boolean().optional(),
});
export type Expert = z.infer<typeof expertSchema>;

export const researchBoxSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  title: z.string().optional(),
  html: z.string().optional(),
  content: z.string().optional(),
});
export type ResearchBox = z.infer<typeof researchBoxSchema>;

export const traceSchema = z.looseObject({
  key: z.string(),
  html: z.string().optional(),
  value: z.unknown().optional(),
});
export type Trace = z.infer<typeof traceSchema>;

export const progressStatusSchema = z.enum([
  'working-ok',
  'working-with-errors',
  'failed',
  'completed',
  'done',
]);
export type ProgressStatus = z.infer<typeof progressStatusSchema>;

export const progressItemSchema = z.looseObject({
  cid: z.string(),
  status: progressStatusSchema,
  error: z.string().optional(),
});
export type ProgressItem = z.infer<typeof progressItemSchema>;

export const toolSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolProviderSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  service_url: z.string().optional(),
  tools: z.array(toolSchema).optional(),
  selected: z.boolean().optional(),
});
export type ToolProvider = z.infer<typeof toolProviderSchema>;

export const commandSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  score: z.number().optional(),
  tags: z.array(z.string()).optional(),
  cogPath: z.string().optional(),
  namespace: z.string().optional(),
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
export const componentNodeSchema: z.ZodType<ComponentNode> = z.lazy(() =>
  z.looseObject({
    component: z.string(),
    children: z.union([z.array(componentNodeSchema), z.string()]).optional(),
    sections: z.array(componentNodeSchema).optional(),
    columns: z.array(componentNodeSchema).optional(),
    aside_left: componentNodeSchema.optional(),
    aside_right: componentNodeSchema.optional(),
    main: componentNodeSchema.optional(),
  }),
) as z.ZodType<ComponentNode>;

export const annotationEntrySchema = z.looseObject({
  moduleName: z.string(),
  cogName: z.string(),
  attrs: z.record(z.string(), z.unknown()).optional(),
});
export type AnnotationEntry = z.infer<typeof annotationEntrySchema>;

export const applicationSchema = z.looseObject({
  appName: z.string(),
  processId: z.union([z.string(), z.number()]).optional(),
  annotations: z.record(z.string(), z.array(annotationEntrySchema)),
});
export type Application = z.infer<typeof applicationSchema>;

/** A cog a remote app declares in cog.hello. */
export const declaredCogSchema = z.object({
  module: z.string().min(1).max(200),
  cog: z.string().min(1).max(200),
  annotations: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type DeclaredCog = z.infer<typeof declaredCogSchema>;
