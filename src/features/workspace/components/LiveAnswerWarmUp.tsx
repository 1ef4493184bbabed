import Chip from '@mui/material/Chip';
import { useEffect, useState } from 'react';
import { whenIdle } from '../warmUp';
import { TypingIndicator } from './messages/TypingIndicator';

/** Emotion keeps a rule once inserted: once a page load is enough. */
let warmed = false;

/**
 * The styles an answer's first streamed frame brings to the transcript (its
 * keywords chip, the typing dots), which history, whole and without
 * keywords, never renders. Left to that frame, emotion inserted some 25
 * rules in the middle of the render that adds the row, and the browser
 * rebuilt the sheet's rules in the forced layout that measures it (that
 * layout's style recalculation: 3.3 ms with them, 0.5 ms without, in traces
 * of the first live answer). Rendered once, hidden, when the page is idle
 * after its history; then nothing.
 */
export function LiveAnswerWarmUp() {
  const [phase, setPhase] = useState<'waiting' | 'rendering' | 'done'>(warmed ? 'done' : 'waiting');
  useEffect(() => {
    if (phase === 'done') return;
    let live = true;
    whenIdle(() => {
      if (!live) return;
      if (phase === 'rendering') warmed = true;
      setPhase(phase === 'waiting' ? 'rendering' : 'done');
    });
    return () => {
      live = false;
    };
  }, [phase]);
  if (phase !== 'rendering') return null;
  return (
    <div aria-hidden style={{ display: 'none' }}>
      <Chip size="small" variant="outlined" label="" />
      <TypingIndicator />
    </div>
  );
}
