import { useEffect, useState } from 'react';
import type { LoggedAction } from '../../store/actionLog/format';

export const REPLAY_SPEEDS = [1, 4, 16] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];
/** A long pause in the recording is not worth waiting for in full. */
const MAX_GAP_MS = 3000;

/**
 * Position 0 shows the starting state, position n the state after n actions.
 * Playing steps forward with the recorded gaps divided by the speed.
 */
export function useReplayPlayer(entries: LoggedAction[]) {
  const end = entries.length;
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);

  // Reaching the end stops playing without a state change of its own.
  const running = playing && position < end;

  useEffect(() => {
    if (!running) return;
    const from = entries[position - 1]?.at ?? entries[0]?.at ?? 0;
    const to = entries[position]?.at ?? from;
    const gap = Math.min(Math.max(0, to - from), MAX_GAP_MS) / speed;
    const timer = setTimeout(() => setPosition((p) => Math.min(end, p + 1)), gap);
    return () => clearTimeout(timer);
  }, [running, position, speed, end, entries]);

  const go = (next: number) => setPosition(Math.max(0, Math.min(end, next)));
  return {
    position,
    end,
    playing: running,
    speed,
    setSpeed,
    play: () => {
      if (position >= end) setPosition(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    go,
  };
}
