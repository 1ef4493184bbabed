import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMediumDateTime,
  formatNumber,
  formatOneDecimal,
} from '../../../src/i18n/format';
import { applyLanguage } from '../../../src/i18n/i18n';
import { formatSize } from '../../../src/components/formatSize';

/** Dates, numbers and sizes follow the language; English keeps the spec's forms. */
const AT = new Date(2026, 10, 22, 15, 4, 5);

describe('formats by language', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('writes English as the spec does', async () => {
    await applyLanguage('en');
    expect(formatDate(AT)).toBe('11/22/2026');
    expect(formatDateTime(AT)).toBe('11/22/2026, 3:04:05 PM');
    expect(formatMediumDateTime(AT)).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatOneDecimal(2.4)).toBe('2.4');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(0)).toBe('0 Bytes');
  });

  it('writes German the German way', async () => {
    await applyLanguage('de');
    expect(formatDate(AT)).toBe('22.11.2026');
    expect(formatDateTime(AT)).toBe('22.11.2026, 15:04:05');
    expect(formatMediumDateTime(AT)).toBe('22.11.2026, 15:04');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatOneDecimal(2.4)).toBe('2,4');
    expect(formatSize(1536)).toBe('1,5 KB');
    expect(formatSize(0)).toBe('0 Byte');
  });

  it('gives nothing for what is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatMediumDateTime(undefined)).toBe('');
  });
});
