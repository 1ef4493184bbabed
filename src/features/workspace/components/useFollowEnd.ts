import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Within this distance of the bottom a reader who scrolls is taken to be at the end. */
const AT_END_PX = 120;

/**
 * Keeps the end of the transcript in view while the reader follows it: from
 * opening the workspace (not a jump to a message) or asking a question, until
 * they scroll up away from it; reaching the end again follows again. While
 * following, whatever changes the list's height (rows measured at their real
 * height, a streaming answer growing, a bar appearing above the list) keeps
 * the end in view. Scrolls the page makes (paging, anchoring) never stop it.
 */
export function useFollowEnd(
  scrollRef: RefObject<HTMLElement | null>,
  opts: {
    /** Changes when a new view of the history opens. */
    view: number;
    /** The view opened at a message (?message=): it is read there, not followed. */
    jumped: boolean;
    /** Changes when the reader asks a question. */
    questionsSent: number;
    /** The list's total height. */
    height: number;
    /** Newer messages are not loaded (after a jump): there is no end to follow yet. */
    paused: boolean;
  },
): { followEnd: (follow: boolean) => void } {
  const following = useRef(!opts.jumped);

  useLayoutEffect(() => {
    following.current = !opts.jumped;
  }, [opts.view, opts.jumped]);
  useLayoutEffect(() => {
    following.current = true;
  }, [opts.questionsSent]);

  const paused = useRef(opts.paused);
  useLayoutEffect(() => {
    paused.current = opts.paused;
  }, [opts.paused]);
  // One function for the effects and the observer, reading the refs when it runs.
  const toEnd = useRef(() => {
    const el = scrollRef.current;
    if (!el || paused.current || !following.current) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight > 1) el.scrollTop = el.scrollHeight;
  });
  useLayoutEffect(() => toEnd.current(), [opts.height, opts.questionsSent, opts.view]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Up and away from the end is the reader leaving it (the page's own moves keep the end
    // in view or, paging older messages in at the top, go down); back at the end follows again.
    let lastTop = el.scrollTop;
    const scrolled = () => {
      const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END_PX;
      if (atEnd) following.current = true;
      else if (el.scrollTop < lastTop) following.current = false;
      lastTop = el.scrollTop;
    };
    // The list's box changing size (the files bar, a resized window) keeps the end too.
    const resized =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => toEnd.current());
    resized?.observe(el);
    el.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      resized?.disconnect();
      el.removeEventListener('scroll', scrolled);
    };
  }, [scrollRef]);

  // The page's own buttons: 'Scroll to top' stops following, the way down follows again.
  const followEnd = useCallback((follow: boolean) => {
    following.current = follow;
  }, []);
  return { followEnd };
}
