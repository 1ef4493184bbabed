import type { App } from '../cog/registry';
import { coreActions } from './actions';
import { coreWidgets, type DashboardDeps } from './widgets';

export const DASHBOARD_APP = 'dashboard';

/**
 * The in-process dashboard app (DESIGN §4): its widgets and actions are cogs
 * found through their `widget` and `action` annotations, so any other app can
 * add a widget to a dashboard (or a new dashboard) the same way.
 */
export function dashboardApp(deps: DashboardDeps): App {
  return {
    name: DASHBOARD_APP,
    processId: process.pid,
    cogs: [...coreWidgets(deps), ...coreActions(deps)],
  };
}
