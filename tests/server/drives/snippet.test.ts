import { describe, expect, it } from 'vitest';
import { markedSnippet, plainOf } from '../../../server/drives/semantic/snippet';

/** A semantic hit's snippet: its passage as plain text, the matching words marked. */
describe('markedSnippet', () => {
  it('marks each matched word wherever it occurs, by its plain form', () => {
    expect(markedSnippet('Vacation days: book vacations early.', ['vacation'])).toBe(
      '«Vacation» days: book «vacations» early.',
    );
  });

  it('never marks stop words, even when the query had them', () => {
    expect(markedSnippet('Where the car is parked', ['where', 'the', 'parked'])).toBe(
      'Where the car is «parked»',
    );
  });

  it('shows the stretch with the most marks of a long passage', () => {
    const text = `${'Filler sentence about nothing much. '.repeat(20)}Parking spaces are allocated by badge. ${'More filler here. '.repeat(20)}`;
    const snippet = markedSnippet(text, ['parking', 'badge'], 120);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('«Parking»');
    expect(snippet).toContain('«badge»');
    expect(snippet.replace(/[«»…]/g, '').length).toBeLessThanOrEqual(120);
  });

  it('reads Markdown as plain text: no heading hashes, emphasis, ticks or table bars', () => {
    expect(plainOf('## Parental leave\n\n- Birth parent: **26 weeks** at `full` pay')).toBe(
      'Parental leave - Birth parent: 26 weeks at full pay',
    );
    expect(plainOf('| Hotel | Cost |\n|---|---|\n| London | £180 |')).toBe(
      'Hotel · Cost · London · £180',
    );
    expect(markedSnippet('   ', ['x'])).toBe('');
  });
});
