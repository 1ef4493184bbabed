import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { addAppListener } from '../../store/listenerMiddleware';
import { dictationFinalReceived } from './dictationSlice';

/** Calls `onFinal` with each final recognised text while the component is mounted. */
export function useDictatedText(onFinal: (text: string) => void): void {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      dispatch(
        addAppListener({
          actionCreator: dictationFinalReceived,
          effect: ({ payload }) => onFinal(payload.text),
        }),
      ),
    [dispatch, onFinal],
  );
}
