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
  return s.replace(/\b(?:please|exactly)$/i, '').trim();
}
