import { useCallback, useEffect, type RefObject } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { historyPageAsked, type TranscriptHistory } from '../history';
import { messageAt, type MessageList } from '../messageList';

/** How near an edge of the loaded messages (in pixels) the next page is asked for. */
const EDGE_PX = 1200;

/**
 * Asks for the page before the first loaded message when the reader nears the
 * top, and the page after the last when a jump left newer ones unloaded and
 * the reader nears the bottom: one page at a time, each time the scroller
 * moves or a page lands (a short page may leave the reader at the edge).
 */
export function useHistoryPaging(
  scrollRef: RefObject<HTMLElement | null>,
  list: MessageList,
  history: TranscriptHistory,
) {
  const dispatch = useAppDispatch();
  const check = useCallback(() => {
    const el = scrollRef.current;
    if (!el || history.loading || list.size === 0) return;
    if (history.older && el.scrollTop < EDGE_PX) {
      const before = messageAt(list, 0)!.message_id;
      dispatch(historyPageAsked({ before }));
    } else if (history.newer && el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX) {
      const after = messageAt(list, list.size - 1)!.message_id;
      dispatch(historyPageAsked({ after }));
    }
  }, [dispatch, scrollRef, list, history.loading, history.older, history.newer]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    el.addEventListener('scroll', check, { passive: true });
    return () => el.removeEventListener('scroll', check);
  }, [scrollRef, check]);

  // After the layout of a new page settles (the transcript scrolls to its place first).
  useEffect(() => {
    const frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [check]);
}
