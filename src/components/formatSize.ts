const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const BASE = 1024;

/**
 * A byte count for people (SPEC §9): Bytes, KB, MB, GB, TB in steps of 1024;
 * whole bytes; above bytes one decimal while the number is under 10, whole
 * numbers from 10 up. 0 Bytes, 512 Bytes, 1.5 KB, 10 KB, 9.9 MB.
 */
export function formatSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  if (bytes < BASE) return `${Math.round(bytes)} Bytes`;
  let unit = Math.min(Math.floor(Math.log(bytes) / Math.log(BASE)), UNITS.length - 1);
  let value = bytes / BASE ** unit;
  // Rounding can carry into the next unit: 1023.96 KB is 1.0 MB, not 1024 KB.
  if (Math.round(value) >= BASE && unit < UNITS.length - 1) {
    unit += 1;
    value /= BASE;
  }
  const oneDecimal = value.toFixed(1);
  const shown = Number(oneDecimal) < 10 ? oneDecimal : String(Math.round(value));
  return `${shown} ${UNITS[unit]}`;
}
