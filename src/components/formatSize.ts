import { formatOneDecimal } from '../i18n/format';
import { t, tKey } from '../i18n/i18n';

/** Each unit with its number, as a whole phrase: 'Bytes' is 'Byte' in German. */
const UNITS = [
  tKey('{{size}} Bytes'),
  tKey('{{size}} KB'),
  tKey('{{size}} MB'),
  tKey('{{size}} GB'),
  tKey('{{size}} TB'),
] as const;
const BASE = 1024;

/**
 * A byte count for people (SPEC §9): Bytes, KB, MB, GB, TB in steps of 1024;
 * whole bytes; above bytes one decimal while the number is under 10, whole
 * numbers from 10 up. 0 Bytes, 512 Bytes, 1.5 KB, 10 KB, 9.9 MB; the decimal
 * in the language's form (1,5 KB in German), whole numbers never grouped.
 */
export function formatSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) {
    return t(UNITS[0], { size: '0' });
  }
  if (bytes < BASE) return t(UNITS[0], { size: String(Math.round(bytes)) });
  let unit = Math.min(Math.floor(Math.log(bytes) / Math.log(BASE)), UNITS.length - 1);
  let value = bytes / BASE ** unit;
  // Rounding can carry into the next unit: 1023.96 KB is 1.0 MB, not 1024 KB.
  if (Math.round(value) >= BASE && unit < UNITS.length - 1) {
    unit += 1;
    value /= BASE;
  }
  const shown = Number(value.toFixed(1)) < 10 ? formatOneDecimal(value) : String(Math.round(value));
  return t(UNITS[unit]!, { size: shown });
}
