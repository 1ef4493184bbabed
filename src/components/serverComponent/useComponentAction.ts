import { useCallback, useMemo } from 'react';
import type { ComponentNode } from '../../../protocol/components';
import { performAction, planAction, serverAttrs } from './actions';
import { useServerScreen } from './screenContext';

/**
 * The click handler of a node with `action` / `event_handler`, and the error
 * to show beside it when the action is invalid (then the click does nothing).
 */
export function useComponentAction(node: ComponentNode): {
  run: () => void;
  error: string | undefined;
  hasAction: boolean;
} {
  const screen = useServerScreen();
  const { action, event_handler, attrs } = node;
  const plan = useMemo(() => planAction({ action, event_handler }), [action, event_handler]);
  const run = useCallback(
    () => performAction(plan, screen.host, () => serverAttrs(attrs, screen.formValues())),
    [plan, screen, attrs],
  );
  return {
    run,
    error: plan.kind === 'error' ? plan.error : undefined,
    hasAction: plan.kind !== 'none',
  };
}
