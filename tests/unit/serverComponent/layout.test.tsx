import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOTEBOOK_SIDEBAR_PERCENT, VSPACE_DEFAULT_PX } from '../../../protocol/components';
import { renderScreen } from './renderScreen';

const notebook = {
  component: 'Notebook',
  sections: [
    { component: 'Text', title: 'Problem', content: 'Clinics wait days.' },
    { component: 'Text', title: 'Solution', content: 'Drones deliver in an hour.' },
    { component: 'Text', content: 'Untitled body' },
  ],
};

describe('Notebook', () => {
  it('selects the first section at the start and lists every title in the sidebar', () => {
    renderScreen(notebook);
    const sidebar = screen.getByTestId('notebook-sidebar');
    expect(
      within(sidebar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Problem', 'Solution', 'Section 3']);
    expect(within(sidebar).getByRole('button', { current: 'page' }).textContent).toBe('Problem');
    expect(screen.getByTestId('notebook-section').textContent).toBe('Clinics wait days.');
  });

  it('a click on a title shows that section', () => {
    renderScreen(notebook);
    fireEvent.click(screen.getByRole('button', { name: 'Solution' }));
    expect(screen.getByTestId('notebook-section').textContent).toBe('Drones deliver in an hour.');
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('Solution');
  });

  it(`the sidebar is ${NOTEBOOK_SIDEBAR_PERCENT} % wide on a wide screen`, () => {
    renderScreen(notebook);
    // jsdom matches no media query, so read the rule from the generated CSS.
    const css = Array.from(document.querySelectorAll('style'))
      .map((s) => s.textContent)
      .join('');
    expect(css).toContain(`width:${NOTEBOOK_SIDEBAR_PERCENT}%`);
  });
});

describe('VSpace', () => {
  it(`is ${VSPACE_DEFAULT_PX}px high by default; a number is pixels`, () => {
    renderScreen({
      component: 'Sections',
      sections: [{ component: 'VSpace' }, { component: 'VSpace', height: 40 }],
    });
    expect(screen.getAllByTestId('vspace').map((el) => el.style.height)).toEqual(['16px', '40px']);
  });

  it('a height that is not a length is invalid', () => {
    renderScreen({ component: 'VSpace', height: 'tall' });
    expect(screen.getByTestId('invalid-component').textContent).toBe(
      'VSpace: height must be a number of pixels',
    );
  });
});

describe('containers', () => {
  it('Columns and Layout render every part', () => {
    renderScreen({
      component: 'Layout',
      aside_left: { component: 'Text', content: 'Left' },
      main: {
        component: 'Columns',
        columns: [
          { component: 'Text', content: 'One' },
          { component: 'Text', content: 'Two' },
        ],
      },
      aside_right: { component: 'Text', content: 'Right' },
    });
    expect(screen.getByTestId('layout-aside-left').textContent).toBe('Left');
    expect(screen.getByTestId('layout-main').textContent).toBe('OneTwo');
    expect(screen.getByTestId('layout-aside-right').textContent).toBe('Right');
  });

  it('a Layout without main, or Columns without a list, is invalid', () => {
    renderScreen({
      component: 'Sections',
      sections: [{ component: 'Layout' }, { component: 'Columns', columns: 'x' }],
    });
    expect(screen.getAllByTestId('invalid-component').map((el) => el.textContent)).toEqual([
      'Layout: main must be a component',
      'Columns: columns must be a list',
    ]);
  });
});

describe('style', () => {
  it('applies only the whitelisted, URL-free properties', () => {
    renderScreen({
      component: 'Text',
      content: 'Styled',
      style: {
        color: 'rgb(255, 0, 0)',
        'font-weight': 'bold',
        position: 'fixed',
        zIndex: 9999,
        backgroundColor: 'url(https://evil.example/x.png)',
        margin: '4px; position: fixed',
      },
    });
    const text = screen.getByText('Styled');
    expect(text.style.color).toBe('rgb(255, 0, 0)');
    expect(text.style.fontWeight).toBe('bold');
    expect(text.style.position).toBe('');
    expect(text.style.zIndex).toBe('');
    expect(text.style.backgroundColor).toBe('');
    expect(text.style.margin).toBe('');
  });
});
