import { describe, expect, it } from 'vitest';
import { BROWSER_ID_KEY, getBrowserId } from '../../../src/ws/browserId';

describe('getBrowserId', () => {
  it('generates one id per session and keeps it in sessionStorage', () => {
    sessionStorage.clear();
    const id = getBrowserId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem(BROWSER_ID_KEY)).toBe(id);
    expect(getBrowserId()).toBe(id);
  });

  it('falls back to a per-page id when storage is unavailable', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    const id = getBrowserId(broken);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(getBrowserId(broken)).toBe(id);
  });
});
