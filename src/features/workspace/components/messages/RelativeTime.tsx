import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
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
      title={absoluteTime(iso)}
    >
      {relativeTime(iso, at)}
    </Typography>
  );
}
