import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSize } from '../../../src/components/formatSize';
import { applyLanguage } from '../../../src/i18n/i18n';

describe('formatSize (SPEC §9)', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [10239, '10 KB'],
    [9.9 * 1024 * 1024, '9.9 MB'],
    // 9.96 KB rounds to 10: no decimal from 10 up.
    [9.96 * 1024, '10 KB'],
    // Rounding carries into the next unit.
    [1024 * 1024 - 1, '1.0 MB'],
    [5 * 1024 ** 3, '5.0 GB'],
    [123 * 1024 ** 4, '123 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%d → %s', (bytes, shown) => {
    expect(formatSize(bytes)).toBe(shown);
  });

  it('shows nonsense as 0 Bytes', () => {
    expect(formatSize(-5)).toBe('0 Bytes');
    expect(formatSize(Number.NaN)).toBe('0 Bytes');
    expect(formatSize(undefined)).toBe('0 Bytes');
  });
});

describe('formatSize in German', () => {
  beforeAll(() => applyLanguage('de'));
  afterAll(() => applyLanguage('browser'));

  it.each([
    [0, '0 Byte'],
    [1, '1 Byte'],
    [512, '512 Byte'],
    [1536, '1,5 KB'],
    [10 * 1024, '10 KB'],
    [9.9 * 1024 * 1024, '9,9 MB'],
    [1024 * 1024 - 1, '1,0 MB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%d → %s', (bytes, shown) => {
    expect(formatSize(bytes)).toBe(shown);
  });
});
