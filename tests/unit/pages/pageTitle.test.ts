import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../../src/features/pages/pageTitle';

describe('pageTitle: the page viewer names a page, never shows its path', () => {
  it('names a page by the last part of its path', () => {
    expect(pageTitle({ path: '/u1/demo' })).toBe('Demo');
    expect(pageTitle({ path: 'docs/getting_started.md' })).toBe('Getting Started');
    expect(pageTitle({ path: '/reports/q3-summary?tab=2' })).toBe('Q3 Summary');
  });

  it("names an app's page by the page, then the app", () => {
    expect(pageTitle({ appname: 'emgen', pagename: 'expert-home' })).toBe('Expert Home – Emgen');
  });

  it("falls back to 'Page' when nothing names it", () => {
    expect(pageTitle({})).toBe('Page');
    expect(pageTitle({ path: '/' })).toBe('Page');
  });
});
