import { useEffect } from 'react';
import { INVALID_PAGE_CONFIG } from '../../../protocol';
import { useAppDispatch } from '../../store/hooks';
import { cogInitRegistered, cogInitUnregistered } from '../../ws/cogActions';
import { pageClosed, pageConfigRejected, pageOpened, type PageRequest } from './pageViewSlice';

export const PAGE_INIT_KEY = 'page';

/** The request a page viewer makes, or null when it has neither a path nor both names (SPEC §5). */
export function pageRequestOf(input: PageRequest): PageRequest | null {
  if (input.appname && input.pagename) return { appname: input.appname, pagename: input.pagename };
  if (input.path) return { path: input.path };
  return null;
}

/**
 * Asks for the page on every connect (so a reconnect shows it again) and
 * forgets it when the viewer leaves.
 */
export function usePageSession(input: PageRequest) {
  const dispatch = useAppDispatch();
  const { appname, pagename, path } = input;

  useEffect(() => {
    const request = pageRequestOf({ appname, pagename, path });
    if (!request) {
      dispatch(pageConfigRejected({ error: INVALID_PAGE_CONFIG }));
      return;
    }
    dispatch(pageOpened(request));
    dispatch(
      cogInitRegistered({
        key: PAGE_INIT_KEY,
        frames: [{ typ: 'page.display', content: request }],
      }),
    );
    return () => {
      dispatch(cogInitUnregistered({ key: PAGE_INIT_KEY }));
      dispatch(pageClosed());
    };
  }, [dispatch, appname, pagename, path]);
}
