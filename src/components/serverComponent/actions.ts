import { parseAction } from '../../../protocol/components';
import { httpUrl, safeNextPath } from '../../../protocol/paths';
import { t, tKey } from '../../i18n/i18n';
import type { ServerComponentHost } from './screenContext';
import { isRecord } from './nodeProps';

/**
 * What clicking a Button or an Option does (SPEC §5 "Actions"), decided once
 * from the node so a bad action is shown as soon as the node renders, and
 * nothing at all happens on click.
 */
export type ActionPlan =
  | { kind: 'none' }
  | { kind: 'error'; error: string }
  | { kind: 'open-url'; url: string }
  | { kind: 'navigate'; path: string }
  | { kind: 'log'; message: string }
  | { kind: 'server'; eventHandler: string };

/** Refusals of actions that parse but point somewhere unsafe (shown in the current language). */
export const ACTION_REFUSALS = {
  url: tKey('Only http and https URLs can be opened'),
  path: tKey('Only paths on this site can be opened'),
  noHandler: tKey('Server action has no event handler'),
  handlerNotString: tKey('event_handler must be a string'),
} as const;

export function planAction(node: { action?: unknown; event_handler?: unknown }): ActionPlan {
  const handler = node.event_handler;
  if (handler != null && typeof handler !== 'string')
    return { kind: 'error', error: t(ACTION_REFUSALS.handlerNotString) };
  // JSON has no undefined: servers write a missing action as null.
  if (node.action == null)
    return handler ? { kind: 'server', eventHandler: handler } : { kind: 'none' };

  const parsed = parseAction(node.action);
  if (!parsed.ok) return { kind: 'error', error: parsed.error };
  const { type, target } = parsed;
  switch (type) {
    case 'open-url': {
      const url = httpUrl(target);
      return url ? { kind: 'open-url', url } : { kind: 'error', error: t(ACTION_REFUSALS.url) };
    }
    case 'open-link': {
      const path = safeNextPath(target);
      return path ? { kind: 'navigate', path } : { kind: 'error', error: t(ACTION_REFUSALS.path) };
    }
    case 'log':
      return { kind: 'log', message: target };
    case 'server': {
      const eventHandler = handler || target;
      return eventHandler
        ? { kind: 'server', eventHandler }
        : { kind: 'error', error: t(ACTION_REFUSALS.noHandler) };
    }
  }
}

/** The attrs of a server action: the node's own attrs, then the screen's form values. */
export function serverAttrs(
  nodeAttrs: unknown,
  formValues: Record<string, unknown>,
): Record<string, unknown> {
  return { ...(isRecord(nodeAttrs) ? nodeAttrs : {}), ...formValues };
}

export function performAction(
  plan: ActionPlan,
  host: ServerComponentHost,
  attrs: () => Record<string, unknown>,
): void {
  switch (plan.kind) {
    case 'open-url':
      // noopener: the opened page gets no handle on this window.
      window.open(plan.url, '_blank', 'noopener,noreferrer');
      return;
    case 'navigate':
      host.navigate(plan.path);
      return;
    case 'log':
      console.info('[server component] log:', plan.message);
      return;
    case 'server':
      host.sendEvent({ event_handler: plan.eventHandler, attrs: attrs() });
      return;
    case 'none':
    case 'error':
      return;
  }
}
