import type { AppStartListening } from '../../store/listenerMiddleware';
import { flashShown } from '../flash/flashSlice';
import { dictationFailed } from './dictationSlice';

/** A failed dictation is said out loud (SPEC §8 style): the message box itself stays as it was. */
export function addDictationListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: dictationFailed,
    effect: ({ payload }, api) => {
      api.dispatch(flashShown(payload.error, 'error'));
    },
  });
}
