import { DateTime } from 'luxon';
import type { Reader } from './types';
import { trimEnd } from '../trimEnd';

/**
 * "How many working days are there in December 2026?": the business days of
 * a whole month, counted by datetime_business_days from the last day of the
 * month before (it counts the days after `from` up to and including `to`).
 */

const MONTH_DAYS =
  /\b(?:business|working|work) ?days\b(?: (?:are )?there)?(?: in| during)(?: the month of)? ([a-z]+),? (\d{4})$/i;

export const monthBusinessDaysReader: Reader = (question) => {
  const m = MONTH_DAYS.exec(trimEnd(question.slice(0, 200), '?!.', true));
  if (!m) return null;
  const first = DateTime.fromFormat(`1 ${m[1]} ${m[2]}`, 'd MMMM yyyy', { zone: 'utc' });
  const month = first.isValid
    ? first
    : DateTime.fromFormat(`1 ${m[1]} ${m[2]}`, 'd MMM yyyy', { zone: 'utc' });
  if (!month.isValid) return null;
  return {
    kind: 'reading',
    domain: 'time',
    task: {
      tool: 'datetime_business_days',
      args: {
        from: month.minus({ days: 1 }).toISODate()!,
        to: month.endOf('month').toISODate()!,
      },
    },
  };
};
