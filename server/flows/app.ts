import type { App, AppRegistry } from '../cog/registry';
import type { Store } from '../store';
import { consultantFlow } from './consultantDialogue';
import { onboardingFlow } from './onboarding';

export const FLOWS_APP = 'emgen-flows';

/** The built-in flows (cogs annotated `flow`), shown at /flow?id={flow_id}. */
export function flowsApp(deps: { store: Store; registry: AppRegistry }): App {
  return {
    name: FLOWS_APP,
    processId: process.pid,
    cogs: [onboardingFlow(deps), consultantFlow(deps)],
  };
}
