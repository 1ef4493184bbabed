import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from '../../../src/features/workspace/components/messages/RelativeTime';
import { relativeTime } from '../../../src/features/workspace/messageTime';
import { markdownWarmUpWanted, warmUpWorkspacePage } from '../../../src/features/workspace/warmUp';
import { ONE_QUESTION_HISTORY, renderWorkspace } from './workspaceHarness';

afterEach(() => vi.restoreAllMocks());

const now = Date.parse('2026-11-29T10:00:00Z');
const iso = (ago: number) => new Date(now - ago).toISOString();
const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The first date formatter of a page is the slow one (its locale data): rows
 * of recent messages never make one, so their first screen does not pay it.
 */
describe('a row’s time on the first screen of a workspace', () => {
  it('recent messages need no date formatter, before or after the warm-up', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    warmUpWorkspacePage(now);
    expect([0, 90_000, 2 * 60 * MINUTE, 3 * DAY].map((ago) => relativeTime(iso(ago), now))).toEqual(
      ['just now', '2 min ago', '2 h ago', '3 d ago'],
    );
    expect(made).not.toHaveBeenCalled();
    // A message over a week old shows its date, which does need one.
    expect(relativeTime(iso(40 * DAY), now)).toMatch(/\d+\/\d+\/\d{4}/);
    expect(made).toHaveBeenCalled();
  });

  it('writes the full date and time as its title when the pointer comes over it', () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      render(<RelativeTime iso="2026-11-29T09:55:00Z" />);
      const time = screen.getByText('5 min ago');
      expect(time.getAttribute('datetime')).toBe('2026-11-29T09:55:00Z');
      expect(time.getAttribute('title')).toBeNull();
      fireEvent.pointerEnter(time);
      expect(time.getAttribute('title')).toMatch(/^11\/29\/2026, \d{1,2}:55:00 [AP]M$/);
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * The markdown warm-up readies the parser for a first screen of rows: not needed once the
 * workspace's history has come in empty.
 */
describe('whether the markdown warm-up is still wanted', () => {
  it('is, until the workspace being opened is known to have no rows', () => {
    expect(markdownWarmUpWanted(undefined, 'ws-1')).toBe(true);
    const waiting = renderWorkspace(undefined, { answered: false });
    expect(markdownWarmUpWanted(waiting.store.getState(), 'ws-1')).toBe(true);
    waiting.unmount();

    const { store, frame } = renderWorkspace();
    expect(markdownWarmUpWanted(store.getState(), 'ws-1')).toBe(false);
    // Another workspace's state says nothing of the one being opened.
    expect(markdownWarmUpWanted(store.getState(), 'ws-2')).toBe(true);
    frame('display.history', ONE_QUESTION_HISTORY);
    expect(markdownWarmUpWanted(store.getState(), 'ws-1')).toBe(true);
  });
});
