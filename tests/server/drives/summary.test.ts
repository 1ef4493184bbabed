import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitDocument } from '../../../server/drives/summary/sections';
import type { Sentence } from '../../../server/drives/summary/sections';
import { selectSentences } from '../../../server/drives/summary/textRank';

/** Sentences with their headings, and the extractive (TextRank) choice among them. */

const FIXTURE = fs.readFileSync(path.join(__dirname, '../fixtures/travel-policy.md'), 'utf8');
const md = (text: string, maxSentences = 300) =>
  splitDocument(text, { markdown: true, maxSentences });
const txt = (text: string, maxSentences = 300) =>
  splitDocument(text, { markdown: false, maxSentences });
const view = (s: Sentence) => [s.heading, s.text];

describe('splitDocument', () => {
  it('reads markdown headings, paragraphs, list items and table rows, markup removed', () => {
    const doc = md(
      [
        '# Expense Rules',
        '',
        '_Owner: Finance_',
        '',
        'Claims go through **Expensify**. Receipts are [required](https://x.example/r).',
        '',
        'Limits',
        '======',
        '',
        '| Item | Limit |',
        '| ---- | ----- |',
        '| Hotel | £120 per night |',
        '',
        '## Process',
        '',
        '1. Ask your manager',
        '   before you book.',
        '- [x] Keep the `receipt`',
        '',
        '```sh',
        '# not a heading',
        'echo not a sentence.',
        '```',
      ].join('\n'),
    );
    expect(doc.title).toBe('Expense Rules');
    expect(doc.sentences.map(view)).toEqual([
      ['Expense Rules', 'Owner: Finance'],
      ['Expense Rules', 'Claims go through Expensify.'],
      ['Expense Rules', 'Receipts are required.'],
      ['Limits', 'Hotel — £120 per night'],
      ['Process', 'Ask your manager before you book.'],
      ['Process', 'Keep the receipt'],
    ]);
    expect(doc.sentences.map((s) => s.lead)).toEqual([true, false, false, true, true, false]);
    expect(doc.sentences.map((s) => s.order)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('finds the headings of plain text: numbered and underlined titles, not wrapped prose', () => {
    const doc = txt(
      [
        'Board meeting - 18 November 2026',
        'Present: Priya, Tom and Anika.',
        '',
        '1. Trading update',
        '   - Revenue rose 8% on the quarter, the best',
        '     Quarter So Far',
        '',
        'Who leaves',
        '----------',
        'Solo customers leave most often.',
        '  31%  business closed',
        '  22%  too expensive',
      ].join('\n'),
    );
    expect(doc.sentences.map(view)).toEqual([
      ['Board meeting - 18 November 2026', 'Present: Priya, Tom and Anika.'],
      ['1. Trading update', 'Revenue rose 8% on the quarter, the best Quarter So Far'],
      ['Who leaves', 'Solo customers leave most often.'],
      ['Who leaves', '31% business closed'],
      ['Who leaves', '22% too expensive'],
    ]);
  });

  it("takes an FAQ's questions as its headings (HTML text keeps no heading markup)", () => {
    const doc = txt(
      [
        'Beacon — Frequently Asked Questions',
        'Answers to the questions customers ask us most. Still stuck? Call us on 0113 496 0000,',
        '8am–6pm, Monday to Friday.',
        'Can I cancel any time?',
        'Monthly plans can be cancelled any time from Settings and stop at the end of the',
        'month. Annual plans run to the end of the year.',
        'Where is my data stored, and is it safe?',
        'Your data is stored in the UK.',
      ].join('\n'),
    );
    expect(doc.title).toBe('Beacon — Frequently Asked Questions');
    expect(doc.sentences.map(view)).toEqual([
      ['Beacon — Frequently Asked Questions', 'Answers to the questions customers ask us most.'],
      ['Beacon — Frequently Asked Questions', 'Still stuck?'],
      [
        'Beacon — Frequently Asked Questions',
        'Call us on 0113 496 0000, 8am–6pm, Monday to Friday.',
      ],
      [
        'Can I cancel any time?',
        'Monthly plans can be cancelled any time from Settings and stop at the end of the month.',
      ],
      ['Can I cancel any time?', 'Annual plans run to the end of the year.'],
      ['Where is my data stored, and is it safe?', 'Your data is stored in the UK.'],
    ]);
  });

  it('samples a long document evenly over its whole length, within the cap', () => {
    const sections = Array.from(
      { length: 400 },
      (_, i) => `## Part ${i}\n\nClause ${i} covers item ${i} in full. It applies from day ${i}.\n`,
    );
    const doc = md(sections.join('\n'), 100);
    expect(doc.total).toBe(800);
    expect(doc.sentences).toHaveLength(100);
    const parts = doc.sentences.map((s) => Number(s.heading!.split(' ')[1]));
    expect(parts[0]).toBe(0);
    expect(parts.at(-1)).toBeGreaterThan(390);
  });
});

describe('selectSentences', () => {
  it('summarizes the travel policy from several sections, in the document order', async () => {
    const doc = md(FIXTURE);
    const picked = await selectSentences(doc.sentences);
    expect(picked.length).toBeGreaterThanOrEqual(3);
    expect(picked.length).toBeLessThanOrEqual(6);
    const headings = picked.map((s) => s.heading);
    // One per section first: six sections (the title's introduction and five more), six picks.
    expect(new Set(headings).size).toBe(picked.length);
    for (const h of ['Booking', 'Flights', 'Hotels', 'Meals', 'Expenses'])
      expect(headings).toContain(h);
    const orders = picked.map((s) => s.order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    // Quoted as written: every pick is one of the document's sentences.
    for (const s of picked) expect(doc.sentences).toContainEqual(s);
  });

  it('prefers the sentence the others agree with over an outlier', async () => {
    const sentences: Sentence[] = [
      'The office kitchen is cleaned by a contractor on Fridays.',
      'Expense claims need an itemised receipt for every purchase.',
      'Every expense claim is approved by your manager before payment.',
      'Expense claims with a receipt and manager approval are paid monthly.',
      'Parking on the street outside the office is free after six.',
    ].map((text, order) => ({ text, order, lead: false }));
    const [central] = await selectSentences(sentences, { count: 1 });
    expect(central!.text).toBe(
      'Expense claims with a receipt and manager approval are paid monthly.',
    );
  });

  it('does not pick the same thing twice, nor fragments or walls of text', async () => {
    const sentences: Sentence[] = [
      'Hotels in London are limited to £160 per night for staff.',
      'Hotels in London are limited to £160 per night for all staff.',
      'Meals are covered up to £40 a day while travelling for work.',
      'Taxis after ten.',
      `${'Long clause about everything and nothing, '.repeat(12)}the end.`,
      'Trains are preferred to flights for journeys under four hours.',
    ].map((text, order) => ({ text, order, lead: false, heading: 'Rules' }));
    const picked = (await selectSentences(sentences)).map((s) => s.order);
    expect(picked.filter((o) => o === 0 || o === 1)).toHaveLength(1);
    expect(picked).not.toContain(3);
    expect(picked).not.toContain(4);
    expect(picked).toHaveLength(3);
  });

  it('keeps to a topic, and picks nothing when the document never mentions it', async () => {
    const doc = md(FIXTURE);
    const hotels = await selectSentences(doc.sentences, { topic: 'hotel' });
    expect(hotels.length).toBeGreaterThan(0);
    for (const s of hotels) expect(`${s.heading} ${s.text}`).toMatch(/hotel/i);
    expect(hotels.map((s) => s.text)).toContain(
      'The hotel limit is £160 per night in London and £110 per night elsewhere in the UK.',
    );
    expect(await selectSentences(doc.sentences, { topic: 'submarines' })).toEqual([]);
  });

  it('summarizes a 2 MB document without holding the event loop for long', async () => {
    const words = FIXTURE.split(/\s+/);
    let text = '';
    for (let i = 0; text.length < 2_000_000; i++) {
      const line = Array.from({ length: 40 }, (_, k) => words[(k * 7 + i * 13) % words.length]);
      text += `\n## Section ${i}\n\n${line.join(' ')}. ${FIXTURE.slice(i % 900, (i % 900) + 300)}\n`;
    }
    let gap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }, 1);
    try {
      const doc = md(text);
      expect(doc.sentences.length).toBeLessThanOrEqual(300);
      last = performance.now();
      gap = 0;
      const picked = await selectSentences(doc.sentences);
      expect(picked.length).toBeGreaterThanOrEqual(3);
      // Yields between slices of the work: no single stretch near a second, even on a busy machine.
      expect(gap).toBeLessThan(500);
    } finally {
      clearInterval(timer);
    }
  });
});
