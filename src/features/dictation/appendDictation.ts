/**
 * Dictated text joins what the message box already holds (SPEC §7): after a
 * space, never replacing it. Empty recognitions (silence) change nothing.
 */
export function appendDictation(current: string, dictated: string): string {
  const words = dictated.trim();
  if (!words) return current;
  if (!current || /\s$/.test(current)) return current + words;
  return `${current} ${words}`;
}
