/** Keywords arrive as one string or a list (SPEC §3); shown as one line. */
export function keywordText(keywords: string | string[] | undefined): string {
  if (!keywords) return '';
  return (Array.isArray(keywords) ? keywords : [keywords])
    .map((k) => k.trim())
    .filter(Boolean)
    .join(', ');
}
