import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/Markdown';

/** GitHub-flavoured markdown as experts write it: every extension the renderer reads. */
describe('GFM in messages', () => {
  it('reads tables, strikethrough, task lists, bare links and footnotes', () => {
    const { container } = render(
      <Markdown
        content={[
          '| plan | cost |',
          '|:--|--:|',
          '| basic | 10 |',
          '',
          'The ~~old~~ new price.',
          '',
          '- [x] invoice sent',
          '- [ ] paid',
          '',
          'See www.example.com for more.[^1]',
          '',
          '[^1]: Prices as of today.',
        ].join('\n')}
      />,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['plan', 'cost']);
    expect(within(table).getByRole('cell', { name: '10' })).toBeTruthy();
    expect(container.querySelector('del')?.textContent).toBe('old');
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    expect(screen.getByRole('link', { name: 'www.example.com' }).getAttribute('href')).toBe(
      'http://www.example.com',
    );
    expect(container.querySelector('section[data-footnotes]')?.textContent).toContain(
      'Prices as of today.',
    );
  });
});
