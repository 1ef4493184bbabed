import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/Markdown';
import { SafeHtml, sanitizeHtml } from '../../../src/components/SafeHtml';
import { renderWorkspace, stubLayout } from './workspaceHarness';

stubLayout();

const ATTACK = [
  'Hello <script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '<a href="javascript:alert(2)" onclick="alert(3)">y</a>',
  '<iframe src="https://evil.example"></iframe>',
].join('\n\n');

/** Nothing that could run: no script/iframe, no on* attribute, no javascript: URL. */
function expectHarmless(root: ParentNode = document.body) {
  expect(root.querySelector('script, iframe, object, embed, form')).toBeNull();
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
      expect(attr.value.replace(/\s/g, '').toLowerCase()).not.toContain('javascript:');
    }
  }
}

describe('nothing from the server reaches the DOM unsanitized', () => {
  it('a markdown message shows the markup as text and drops the javascript: link', () => {
    const { frame } = renderWorkspace();
    frame('assistant.message', { message_id: 'a1', name: 'Mallory', content: ATTACK });
    const row = document.querySelector('[data-message-id="a1"]') as HTMLElement;
    expect(row.textContent).toContain('Hello <script>alert(1)</script>');
    expect(row.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(row.querySelector('img')).toBeNull();
    // The javascript: link keeps its words but loses the link.
    expect(row.querySelectorAll('a')).toHaveLength(0);
    expectHarmless();
  });

  it('an html message, a research box and a trace are sanitized', () => {
    const { frame } = renderWorkspace();
    frame('display.message', { message_id: 'h1', name: 'Mallory', html: ATTACK });
    frame('display.researchbox', { id: 'r1', title: 'Sources', html: ATTACK });
    frame('server.trace', { key: 'tool', html: ATTACK });
    expect(screen.getAllByText(/Hello/).length).toBeGreaterThanOrEqual(1);
    expectHarmless();
  });

  it('a user echo with the same text stays text', () => {
    const { frame } = renderWorkspace();
    frame('user.echo', { message_id: 'u1', name: 'Ann', content: ATTACK });
    expectHarmless();
  });
});

describe('Markdown and SafeHtml', () => {
  it('Markdown opens links in a new tab without an opener', () => {
    render(<Markdown content="[docs](https://example.org/docs)" />);
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link.getAttribute('href')).toBe('https://example.org/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("Markdown shows 'No content to render' for empty content", () => {
    render(<Markdown content="  " />);
    expect(screen.getByText('No content to render')).toBeTruthy();
  });

  it('SafeHtml forces links into a new tab and strips styles, forms and handlers', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<a href="https://example.org">ok</a><style>body{display:none}</style>' +
          '<form action="/x"><input></form><p style="position:fixed" onmouseover="x()">p</p>'
        }
      />,
    );
    const link = screen.getByRole('link', { name: 'ok' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('style, form')).toBeNull();
    expect(container.querySelector('p')?.getAttribute('style')).toBeNull();
    expectHarmless(container);
  });

  it('sanitizeHtml keeps ordinary markup', () => {
    expect(sanitizeHtml('<p>a <b>b</b> <code>c</code></p>')).toBe(
      '<p>a <b>b</b> <code>c</code></p>',
    );
  });
});
