import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  QUOTE_FADE_MS,
  QUOTE_INTERVAL_MS,
  QUOTES,
} from '../../../src/components/serverComponent/components/Quote';
import { renderScreen } from './renderScreen';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const shown = () => screen.getByTestId('quote').textContent;

it('has ten quotes with authors, 10 s apart, fading for 2 s', () => {
  expect(QUOTES).toHaveLength(10);
  expect(QUOTES.every((q) => q.text && q.author)).toBe(true);
  expect(QUOTE_INTERVAL_MS).toBe(10000);
  expect(QUOTE_FADE_MS).toBe(2000);
});

it('shows a new quote every 10 s and wraps around after the tenth', () => {
  renderScreen({ component: 'Quote' });
  expect(shown()).toContain(QUOTES[0]!.text);
  expect(shown()).toContain(QUOTES[0]!.author);

  act(() => vi.advanceTimersByTime(QUOTE_INTERVAL_MS - 1));
  expect(shown()).toContain(QUOTES[0]!.text);
  act(() => vi.advanceTimersByTime(1));
  expect(shown()).toContain(QUOTES[1]!.text);

  act(() => vi.advanceTimersByTime(QUOTE_INTERVAL_MS * 9));
  expect(shown()).toContain(QUOTES[0]!.text);
});
