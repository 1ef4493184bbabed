/**
 * Only same-site paths are followed after sign-in; anything else (//evil.example,
 * https://…, /\evil) would be an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return undefined;
  return next;
}
