/**
 * The words around a question that carry no meaning for a calculation
 * ("please", "can you", "what is"), shared by the readers.
 */
const FILLER =
  /^(?:please|can you|could you|would you|tell me|calculate|compute|evaluate|work out|figure out|what(?:'s| is| are| was)|whats|how much (?:is|are)|what do you get (?:for|from)|quick question|convert|is)\b[,:]?\s*/i;

export function stripFillers(q: string): string {
  let s = q;
  for (let i = 0; i < 5; i++) {
    const next = s.replace(FILLER, '');
    if (next === s) break;
    s = next;
  }
  // And after it: "… for me, please", "… exactly".
  for (let i = 0; i < 3; i++) {
    const next = s.replace(/[,\s]*\b(?:please|exactly|for me|for us|thanks|thank you)$/i, '');
    if (next === s) break;
    s = next;
  }
  return s.trim();
}
