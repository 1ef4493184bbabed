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

type DateInput = string | number | Date | undefined | null;

const parse = (value: DateInput): Date | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A formatter of dates in one form; '' for a value that is absent or no date. */
function dateFormat(key: string, options: Intl.DateTimeFormatOptions) {
  return (value: DateInput): string => {
    const date = parse(value);
    if (!date) return '';
    return cached(key, () => Intl.DateTimeFormat(locale(), options)).format(date);
  };
}

/** A short date: 11/22/2026, 22.11.2026; '' when absent or unreadable. */
export const formatDate = dateFormat('date', { month: 'numeric', day: 'numeric', year: 'numeric' });

/** A date and time: 11/22/2026, 3:04:05 PM; 22.11.2026, 15:04:05. */
export const formatDateTime = dateFormat('datetime', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** A date with its month's short name and a time: Nov 22, 2026, 3:04 PM; 22.11.2026, 15:04. */
export const formatMediumDateTime = dateFormat('medium-datetime', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

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
