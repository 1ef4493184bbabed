import { afterEach, describe, expect, it, vi } from 'vitest';
import { absoluteTime, relativeTime } from '../../../src/features/workspace/messageTime';
import { warmUpWorkspacePage } from '../../../src/features/workspace/warmUp';

afterEach(() => vi.restoreAllMocks());

/**
 * The first date formatter of a language is the slow one (its locale data):
 * made ahead, while the page waits for its history, the rows' times and
 * their titles then use the ones made.
 */
describe('warming up the workspace page', () => {
  it('makes every date formatter a row uses before the rows render', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    warmUpWorkspacePage(now);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const iso = (ms: number) => new Date(now - ms).toISOString();
    for (const ago of [0, 90_000, 7_200_000, 3 * 86_400_000, 40 * 86_400_000]) {
      absoluteTime(iso(ago));
      relativeTime(iso(ago), now);
    }
    expect(made).not.toHaveBeenCalled();
  });
});
