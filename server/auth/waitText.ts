/**
 * How long someone has to wait, as a person says it: seconds under a
 * minute, else whole minutes rounded up ('894 seconds' reads as '15 minutes').
 */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
