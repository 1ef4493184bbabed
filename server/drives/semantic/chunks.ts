/**
 * Splits text into overlapping chunks of about `size` characters, cutting at
 * a paragraph break, else a sentence end, else a space near the target
 * length, so a passage is rarely cut mid-sentence. At most `maxChunks`
 * chunks: longer texts get proportionally longer chunks.
 */
export function chunkText(
  text: string,
  opts: { size?: number; overlap?: number; maxChunks?: number } = {},
): string[] {
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .trim();
  if (!clean) return [];
  const maxChunks = opts.maxChunks ?? 64;
  const size = Math.max(opts.size ?? 1000, Math.ceil(clean.length / maxChunks));
  const overlap = Math.min(opts.overlap ?? 150, Math.floor(size / 4));
  if (clean.length <= size) return [clean];
  const chunks: string[] = [];
  let start = 0;
  while (start < clean.length) {
    let end = Math.min(clean.length, start + size);
    if (end < clean.length) end = cutPoint(clean, start + Math.floor(size * 0.6), end);
    chunks.push(clean.slice(start, end).trim());
    if (end >= clean.length) break;
    let next = Math.max(end - overlap, start + 1);
    // Start the next chunk at a word boundary.
    const space = clean.indexOf(' ', next);
    if (space > 0 && space < end) next = space + 1;
    start = next;
  }
  return chunks.filter(Boolean);
}

function cutPoint(text: string, from: number, to: number): number {
  const window = text.slice(from, to);
  for (const re of [/\n\s*\n/g, /[.!?]["')\]]?\s/g, /\n/g, /\s/g]) {
    let last = -1;
    for (const m of window.matchAll(re)) last = m.index + m[0].length;
    if (last > 0) return from + last;
  }
  return to;
}
