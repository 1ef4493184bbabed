import { i18n } from '../../../i18n/i18n';

/*
 * A date with its month's short name and a time of day, in the current
 * language: "Nov 22, 2026, 3:04 PM" in English (as the versions list always
 * showed it), "22.11.2026, 15:04" in German. src/i18n/format.ts has no such
 * medium form yet; this is the one the versions list needs, until it has.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(): Intl.DateTimeFormat {
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-US';
  let found = formats.get(locale);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, found);
  }
  return found;
}

/** The ISO time as the versions list shows it; the text itself when it is no date. */
export function mediumDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format().format(date);
}
