import type * as DashboardApi from './dashboardApi';
import { prefetchStarted, type PrefetchWhileConnecting } from '../world/prefetchWhileConnecting';

type DashboardApiModule = typeof DashboardApi;

/** The dashboard's data module once in (the page imports the same file: one download). */
let loaded: DashboardApiModule | undefined;

/** Starts loading the data module; the dashboard route's loader calls it as the route matches. */
export function loadDashboardApi(): Promise<DashboardApiModule> {
  return import('./dashboardApi').then((m) => (loaded = m));
}

/**
 * The dashboard's widgets are on their way while the world connects
 * (WorldLayout): asked for at once when the data module is in, which it
 * usually is by then, so the request leaves before the socket does.
 */
export const dashboardWhileConnecting: PrefetchWhileConnecting = {
  prefetchWhileConnecting(dispatch, worldId) {
    prefetchStarted('dashboard', worldId);
    const prefetch = ({ dashboardApi }: DashboardApiModule) =>
      dispatch(dashboardApi.util.prefetch('getDashboard', { worldId }, { force: true }));
    if (loaded) prefetch(loaded);
    // Not in: the page asks for the widgets itself when it shows (its first mount finds none).
    else loadDashboardApi().then(prefetch, () => undefined);
  },
  prefetchSettled: (state, worldId) =>
    !loaded || !loaded.dashboardApi.endpoints.getDashboard.select({ worldId })(state).isLoading,
};
