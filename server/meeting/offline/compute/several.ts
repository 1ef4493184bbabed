/** "… and how many days until Christmas": several questions, which the caller splits and reads one by one. */
export const TWO_QUESTIONS =
  /(?:\band|\balso|\bthen|[;?])\s+(?:how|what|what's|whats|when|which|convert|compute|calculate|is|add|subtract)\b/i;
