import { formatDate, formatDateTime, formatOneDecimal } from '../../i18n/format';
import { t } from '../../i18n/i18n';

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date: short enough for a row. */
export function relativeTime(iso: string | undefined, now = Date.now()): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return t('just now');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('{{count}} min ago', { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return t('{{count}} h ago', { count: hours });
  const days = Math.round(hours / 24);
  if (days < 7) return t('{{count}} d ago', { count: days });
  return formatDate(at);
}

/** The full date and time, for the title on hover. */
export function absoluteTime(iso: string | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : formatDateTime(at);
}

/** How long an answer took: "850 ms", "2.4 s", "1 min 5 s" (units the same in every language). */
export function durationText(ms: number | undefined): string {
  if (ms === undefined) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${formatOneDecimal(ms / 1000)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
