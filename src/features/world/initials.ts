/** Up to two initials of a name or email for an avatar ('Ada Lovelace' → 'AL', 'ann@x' → 'A'). */
export function initialsOf(nameOrEmail: string): string {
  const words = nameOrEmail.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
