/**
 * A message that asks several things, cut into its questions: numbered or
 * bulleted lines, one question per line, sentences ending in "?", ";", and
 * "and" / "then" / "also" between two requests ("Convert 5 miles to km and
 * compute sqrt(2)^2 + 3/7"). A piece is kept only if it has a digit or a
 * question word, so "rock and roll" style pairs stay whole.
 */

const LIST_MARK = /^\s*(?:[-*•]|\(?\d{1,2}[.)]|\(?[a-h][.)])\s+/;
const VERB =
  "(?:convert|compute|calculate|work out|what|whats|what's|how|when|which|solve|find|tell me|give me|and what|is|are|add|subtract|simplify|evaluate|also)";
const JOINER = new RegExp(
  `\\s*(?:,\\s*)?\\b(?:and then|and also|then|also|and)\\s+(?=${VERB}\\b)`,
  'i',
);

function clean(piece: string): string {
  return piece
    .replace(LIST_MARK, '')
    .replace(/^(?:and|also|then|plus)\b[,:]?\s*/i, '')
    .replace(/[?!.;,\s]+$/, '')
    .trim();
}

function splitSentences(text: string): string[] {
  return text
    .split(/\n+|(?<=\?)\s+|;\s+|(?<=[a-z)\d])\.\s+(?=[A-Z])/)
    .map(clean)
    .filter(Boolean);
}

export function splitQuestions(message: string): string[] {
  const sentences = splitSentences(message);
  const pieces = sentences.flatMap((s) => s.split(JOINER).map(clean).filter(Boolean));
  return pieces.length > 1 ? pieces : sentences;
}
