import type { AppStartListening } from '../../store/listenerMiddleware';
import { cogIn } from '../../ws/cogActions';
import { flashShown } from './flashSlice';

/** Server events that the user sees as a flash (SPEC §2, §8). */
export function addFlashListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: cogIn('server.tool.start'),
    effect: ({ payload }, api) => {
      api.dispatch(flashShown(`Using ${payload.content.tool_name}...`, 'info'));
    },
  });
  startListening({
    actionCreator: cogIn('server.tool.error'),
    effect: ({ payload }, api) => {
      api.dispatch(flashShown(`Tool error: ${payload.content.error}`, 'error'));
    },
  });
  startListening({
    actionCreator: cogIn('flash.message'),
    effect: ({ payload }, api) => {
      api.dispatch(flashShown(payload.content.text, 'info'));
    },
  });
}
