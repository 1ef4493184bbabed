import * as z from 'zod/mini';
import { componentNodeSchema, type ComponentNode } from './entities';

/**
 * Server-driven UI (SPEC §3 "Component node", §5 "Actions"): the component
 * names both sides agree on, the action string rules, and what the page and
 * flow cogs of an app return. The browser's renderer has one entry per name;
 * server apps build their screens only from these names.
 *
 * Props per component (beyond the SPEC §3 node fields, `name`, `attrs`,
 * `data` and `src` are used where said):
 * - Sections: sections[] stacked vertically.       Columns: columns[] side by side.
 * - Layout: aside_left?, main, aside_right?.        Card: title?, children[].
 * - Notebook: sections[] (each with a title); the first is selected; 25 % sidebar.
 * - VSpace: height (px, default 16).                Divider.
 * - Text: content (string), variant (h1..h6, subtitle1/2, body1/2, caption).
 * - Markdown: content (string).                      Html: html (string; sanitized).
 * - Alert: type (info|success|warning|error|danger), title?, content (string).
 * - Button: label, action?, event_handler?, variant (contained|outlined|text), disabled.
 * - Input / TextArea: name, label?, placeholder?, type?, content (initial value).
 *   Their values travel in the attrs of the next server action on the screen.
 * - OptionList: title?, children: Option[].   Option: optionLetter, label, action?, event_handler?.
 * - Topic: topic (string), content? — a click sends the server event with
 *   attrs { topic, action: 'topic_clicked' }.
 * - Image: src (URL), title (alt text), height?.
 * - Chart: type (bar|line|pie), title?, height?, data { labels: string[],
 *   series: { label: string, values: number[] }[] }.
 * - ChatInput: placeholder?, event_handler? (default 'chat'); sends attrs { message }.
 * - Quote: the quote easter egg (ten quotes, a new one every 10 s, 2 s fade).
 * - Progress: content (label), value? (0..100; absent = indeterminate).
 */
export const COMPONENT_NAMES = [
  'Sections',
  'Columns',
  'Layout',
  'Card',
  'Notebook',
  'VSpace',
  'Divider',
  'Text',
  'Markdown',
  'Html',
  'Alert',
  'Button',
  'Input',
  'TextArea',
  'OptionList',
  'Option',
  'Topic',
  'Image',
  'Chart',
  'ChatInput',
  'Quote',
  'Progress',
] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

export const ALERT_TYPES = ['info', 'success', 'warning', 'error', 'danger'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** SPEC §9: VSpace default height; notebook sidebar width. */
export const VSPACE_DEFAULT_PX = 16;
export const NOTEBOOK_SIDEBAR_PERCENT = 25;

export const ACTION_TYPES = ['open-url', 'open-link', 'log', 'server'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const ACTION_ERRORS = {
  notString: 'Action must be a string',
  noType: 'Action type not specified',
  badType: 'Invalid action type',
} as const;

/** SPEC §5: a page viewer needs a path or both names; the server answers the same. */
export const INVALID_PAGE_CONFIG =
  'Invalid page configuration: requires either path or appname+pagename';

export type ParsedAction =
  { ok: true; type: ActionType; target: string } | { ok: false; error: string };

/**
 * An action is a string `"<type>:<target>"` (SPEC §5), e.g. `server:submit`,
 * `open-url:https://example.com`, `open-link:/dashboard`, `log:clicked`.
 */
export function parseAction(action: unknown): ParsedAction {
  if (typeof action !== 'string') return { ok: false, error: ACTION_ERRORS.notString };
  const colon = action.indexOf(':');
  const type = (colon < 0 ? '' : action.slice(0, colon)).trim();
  if (!type) return { ok: false, error: ACTION_ERRORS.noType };
  if (!(ACTION_TYPES as readonly string[]).includes(type))
    return { ok: false, error: ACTION_ERRORS.badType };
  return { ok: true, type: type as ActionType, target: action.slice(colon + 1).trim() };
}

/** The event a page or flow screen sends to the server (page.event / flow.event). */
export interface ScreenEvent {
  event_handler: string;
  attrs?: Record<string, unknown>;
}

/**
 * What a `page` cog returns (annotation `page: { pagename, title?, path? }`).
 * Called with kvargs `{ pagename, event? }`; without an event it must return
 * a component. `redirect_url` (a same-site path) sends the browser there;
 * `flash` is shown as a flash message.
 */
export const pageResultSchema = z.object({
  component: z.optional(componentNodeSchema),
  redirect_url: z.optional(z.string()),
  flash: z.optional(z.string()),
});
export type PageResult = z.infer<typeof pageResultSchema>;

/**
 * What a `flow` cog returns (annotation `flow: { flow_id, title? }`). Called
 * with kvargs `{ flowid, state, event? }` (no event = show the current screen;
 * state is what it returned last, `{}` at the start) and returns the next
 * state and screen. `step`/`steps` drive the progress indicator; `done` ends
 * the flow (its state is forgotten after this screen).
 */
export const flowResultSchema = z.object({
  state: z.record(z.string(), z.unknown()),
  component: componentNodeSchema,
  step: z.optional(z.number()),
  steps: z.optional(z.number()),
  done: z.optional(z.boolean()),
  redirect_url: z.optional(z.string()),
});
export type FlowResult = z.infer<typeof flowResultSchema>;

/** The event_handler the flow page sends when it opens (resumes a flow in progress). */
export const FLOW_START_EVENT = 'start';
/** The event_handler of the flow page's own 'Send message...' box; attrs { component: 'UserInput', message }. */
export const FLOW_USER_INPUT_EVENT = 'user_input';

export type { ComponentNode };
