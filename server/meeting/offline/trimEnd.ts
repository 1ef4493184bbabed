/**
 * `text` without the trailing characters in `chars` (e.g. "?!. "), in linear
 * time. `/[?!.\s]+$/` looks the same but retries from every character of a
 * long run that does not reach the end ("?????…x"): seconds of blocked event
 * loop on a 64 KiB message.
 */
export function trimEnd(text: string, chars: string, whitespace = false): string {
  let end = text.length;
  while (end > 0) {
    const c = text[end - 1]!;
    if (!chars.includes(c) && !(whitespace && /\s/.test(c))) break;
    end--;
  }
  return text.slice(0, end);
}
