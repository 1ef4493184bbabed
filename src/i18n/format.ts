import { i18n } from './i18n';

/**
 * Dates, times and numbers in the current language's conventions
 * (11/22/2026 and 1,234.5 in English, 22.11.2026 and 1.234,5 in German).
 * English stays en-US, the form the spec gives.
 */
function locale(): string {
  return i18n.language === 'de' ? 'de-DE' : 'en-US';
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  const full = `${locale()}|${key}`;
  let format = cache.get(full);
  if (!format) {
    format = make();
    cache.set(full, format);
  }
  return format as T;
}

const parse = (value: string | number | Date | undefined | null): Date | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A short date: 11/22/2026, 22.11.2026; '' when absent or unreadable. */
export function formatDate(value: string | number | Date | undefined | null): string {
  const date = parse(value);
  if (!date) return '';
  return cached('date', () =>
    Intl.DateTimeFormat(locale(), { month: 'numeric', day: 'numeric', year: 'numeric' }),
  ).format(date);
}

/** A date and time: 11/22/2026, 3:04:05 PM; 22.11.2026, 15:04:05. */
export function formatDateTime(value: string | number | Date | undefined | null): string {
  const date = parse(value);
  if (!date) return '';
  return cached('datetime', () =>
    Intl.DateTimeFormat(locale(), {
      month: 'numeric',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
    }),
  ).format(date);
}

/** A time of day: 3:04 PM; 15:04. */
export function formatTime(value: string | number | Date | undefined | null): string {
  const date = parse(value);
  if (!date) return '';
  return cached('time', () =>
    Intl.DateTimeFormat(locale(), { hour: 'numeric', minute: '2-digit' }),
  ).format(date);
}

/** A number with the language's separators, at most the given decimals: 1,234.5; 1.234,5. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return cached(`number${maximumFractionDigits}`, () =>
    Intl.NumberFormat(locale(), { maximumFractionDigits }),
  ).format(value);
}

/** A number with exactly one decimal: 1.5; 1,5. */
export function formatOneDecimal(value: number): string {
  return cached('one-decimal', () =>
    Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(value);
}

/** A date with its month's short name and a time: Nov 22, 2026, 3:04 PM; 22.11.2026, 15:04. */
export function formatMediumDateTime(value: string | number | Date | undefined | null): string {
  const date = parse(value);
  if (!date) return '';
  return cached('medium-datetime', () =>
    Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}
