import { FLOW_USER_INPUT_EVENT, type ComponentNode, type FlowResult } from '../../protocol';
import type { Cog, CogContext } from '../cog/registry';
import { FLOW_ANNOTATION } from '../pages/flowHandlers';
import { alert, clip } from '../pages/ui';

/** The event a flow screen sent: its event_handler and attrs. */
export interface FlowEvent {
  event_handler: string;
  attrs: Record<string, unknown>;
}

/** What a flow cog is called with (protocol/components.ts flowResultSchema). */
export interface FlowInput<S> {
  flowid: string;
  state: Partial<S>;
  /** Absent: show the current screen (the flow page opened or was reloaded). */
  event?: FlowEvent;
}

function eventOf(raw: unknown): FlowEvent | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const e = raw as { event_handler?: unknown; attrs?: unknown };
  if (typeof e.event_handler !== 'string') return undefined;
  const attrs = e.attrs && typeof e.attrs === 'object' ? (e.attrs as Record<string, unknown>) : {};
  return { event_handler: e.event_handler, attrs };
}

/** A flow cog: `run` turns the input into the next state and screen. */
export function flowCog<S extends object>(
  flowId: string,
  title: string,
  run: (input: FlowInput<S>, ctx: CogContext) => FlowResult | Promise<FlowResult>,
): Cog {
  return {
    module: 'flows',
    name: flowId,
    annotations: { [FLOW_ANNOTATION]: { flow_id: flowId, title } },
    handler: async (args, ctx) => {
      const kvargs = args.kvargs ?? {};
      const state =
        kvargs.state && typeof kvargs.state === 'object' ? (kvargs.state as Partial<S>) : {};
      const event = eventOf(kvargs.event);
      return run({ flowid: flowId, state, ...(event ? { event } : {}) }, ctx);
    },
  };
}

/** The text of a flow page message (user_input, attrs { component: 'UserInput', message }). */
export function userMessage(event: FlowEvent | undefined): string | undefined {
  if (event?.event_handler !== FLOW_USER_INPUT_EVENT) return undefined;
  return typeof event.attrs.message === 'string' ? event.attrs.message : '';
}

/** The Alert for an event the current screen does not offer. */
export const unknownAction = (event: FlowEvent): ComponentNode =>
  alert('error', `Unknown action "${clip(event.event_handler)}"`);

/** A string attr, trimmed; '' when absent. */
export const attrText = (event: FlowEvent, name: string): string =>
  typeof event.attrs[name] === 'string' ? (event.attrs[name] as string).trim() : '';

/** The link an end screen opens: a client route, as an action string. */
export const openLink = (url: string) => `open-link:${url}`;
