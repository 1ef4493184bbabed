import Typography from '@mui/material/Typography';
import { useSyncExternalStore, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { absoluteTime, relativeTime } from '../../messageTime';

/**
 * One clock for every timestamp on screen: a minute tick re-renders only
 * these small elements (the rows mounted, not the transcript), so "just
 * now" becomes "1 min ago" without a reload.
 */
const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Now, to the tick: the same value between ticks, as useSyncExternalStore needs. */
const getNow = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

/**
 * The full date and time as the title, written when the pointer comes over it: the first date
 * formatter of a page loads its language's date data (12–15 ms in Chromium), which rows of
 * recent messages ("5 min ago") otherwise never need, and their first screen then skips it.
 */
const titleOnHover = (e: PointerEvent<HTMLElement>) => {
  const iso = e.currentTarget.getAttribute('datetime') ?? undefined;
  e.currentTarget.title = absoluteTime(iso);
};

/** "5 min ago", the full date and time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const at = useSyncExternalStore(subscribe, getNow);
  // The texts come from messageTime; this re-renders them when the language changes.
  useTranslation();
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="time"
      dateTime={iso}
      onPointerEnter={titleOnHover}
    >
      {relativeTime(iso, at)}
    </Typography>
  );
}
