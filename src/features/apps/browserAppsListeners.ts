import type { AppStartListening } from '../../store/listenerMiddleware';
import { cogIn, cogSend } from '../../ws/cogActions';
import { browserApps } from './browserApps';

/** The server asks which apps the browser hosts (500 ms after hello); the browser answers. */
export function addBrowserAppsListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: cogIn('cog.apps'),
    effect: (_action, api) => {
      api.dispatch(cogSend('cog.apps.response', { apps: browserApps() }));
    },
  });
}
