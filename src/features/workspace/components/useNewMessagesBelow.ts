import { useEffect, useRef, useState, type RefObject } from 'react';
import { messageAt, type MessageList } from '../messageList';

/**
 * Whether messages arrived below while the reader was scrolled up (the
 * "New messages below" pill): a new last message while the list is more
 * than `thresholdPx` from its bottom. Reaching the bottom clears it. Older
 * pages put above do not count: the last message is what is compared.
 */
export function useNewMessagesBelow(
  scrollRef: RefObject<HTMLElement | null>,
  list: MessageList,
  thresholdPx: number,
): boolean {
  const [below, setBelow] = useState(false);
  const atBottom = useRef(true);
  const lastId = messageAt(list, list.size - 1)?.message_id;
  const seenLast = useRef(lastId);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= thresholdPx;
      if (atBottom.current) setBelow(false);
    };
    onScroll();
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollRef, thresholdPx]);

  useEffect(() => {
    if (seenLast.current === lastId) return;
    const first = seenLast.current === undefined;
    seenLast.current = lastId;
    if (!first && !atBottom.current) setBelow(true);
  }, [lastId]);

  return below;
}
