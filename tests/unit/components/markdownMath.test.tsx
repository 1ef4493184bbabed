import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../src/components/Markdown';
import { hasMath } from '../../../src/components/markdownMathDetect';

/** How many times the math chunk was imported (it is a module: once at most). */
const imports = vi.hoisted(() => ({ math: 0 }));
vi.mock('../../../src/components/markdownMath', async (importOriginal) => {
  imports.math += 1;
  return importOriginal();
});

/** Markdown once math (if any) is in: a .katex element, or a moment with none. */
async function rendered(content: string) {
  const view = render(<Markdown content={content} />);
  await waitFor(() => expect(view.container.querySelector('.katex')).not.toBeNull());
  return view.container;
}

/**
 * Math in messages (issue 20): `$…$`, `$$…$$`, `\(…\)` and `\[…\]` set by
 * KaTeX, loaded as a chunk of its own the first time content has math.
 */
describe('math in markdown', () => {
  // First, before anything in this file loads KaTeX.
  it('a message without math (prices included) never imports the math chunk', async () => {
    const { container } = render(
      <Markdown content={'It costs $5 and $10.\n\n**Total:** $15, paid in `$USD`.'} />,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toContain('It costs $5 and $10.');
    expect(container.querySelector('strong')?.textContent).toBe('Total:');
    expect(imports.math).toBe(0);
  });

  it('shows the text as plain markdown while KaTeX loads, then sets inline math', async () => {
    const view = render(<Markdown content={'Euler: $e^{i\\pi}+1=0$, **famous**.'} />);
    expect(view.container.textContent).toContain('$e^{i\\pi}+1=0$');
    expect(view.container.querySelector('strong')).not.toBeNull();
    await waitFor(() => expect(view.container.querySelector('.katex')).not.toBeNull());
    expect(imports.math).toBe(1);
    expect(view.container.querySelector('.katex-display')).toBeNull();
    expect(view.container.querySelector('annotation')?.textContent).toBe('e^{i\\pi}+1=0');
    expect(view.container.textContent).not.toContain('$e^');
  });

  it('sets display math ($$ on lines of their own, \\[…\\]) as a display block', async () => {
    const container = await rendered('Area:\n\n$$\n\\int_0^1 x^2\\,dx = \\tfrac13\n$$\n');
    expect(container.querySelector('.katex-display .katex')).not.toBeNull();
    const brackets = await rendered('So\n\n\\[\nx = \\frac{1}{2}\n\\]\n\nand \\(y^2\\) too.');
    expect(brackets.querySelectorAll('.katex-display').length).toBe(1);
    expect(brackets.querySelectorAll('.katex').length).toBe(2);
  });

  it('$$…$$ within a line is inline math; as a paragraph of its own, display math', async () => {
    const container = await rendered('Here $$\\int_0^1 x^2\\,dx = \\tfrac13$$ inline.');
    expect(container.querySelector('annotation')?.textContent).toBe(
      '\\int_0^1 x^2\\,dx = \\tfrac13',
    );
    expect(container.querySelector('.katex-display')).toBeNull();
    const alone = await rendered(
      'Check:\n\n$$\\int_0^1 x^2\\,dx = \\tfrac13$$\n\nand\n\n\\[ y \\]',
    );
    expect(alone.querySelectorAll('.katex-display').length).toBe(2);
    expect([...alone.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Check:', 'and']);
  });

  it('keeps prices as text beside real math in the same message', async () => {
    const container = await rendered('It costs $5 and $10; and $x^2$ is math.');
    expect(container.textContent).toContain('It costs $5 and $10');
    expect(container.querySelectorAll('.katex').length).toBe(1);
    expect(container.querySelector('annotation')?.textContent).toBe('x^2');
  });

  it('leaves code alone', async () => {
    const container = await rendered('$a$ and `$b$` and `\\(c\\)`');
    expect(container.querySelectorAll('.katex').length).toBe(1);
    expect([...container.querySelectorAll('code')].map((c) => c.textContent)).toEqual([
      '$b$',
      '\\(c\\)',
    ]);
  });

  it('hostile math ends quickly, as its source in red, and the rest still renders', async () => {
    const hostile = [
      '$\\def\\a{\\a\\a}\\a$', // macro expansion without end
      `$\\def\\b{${'x'.repeat(1000)}\\b}\\b$`, // a million tokens before maxExpand would stop it
      '$\\newcommand{\\c}{\\c\\c}\\c$',
      '```math\n\\gdef\\d{\\d\\d}\\d\n```',
      '$\\rule{100000em}{100000em}$', // a huge box
      '$\\href{javascript:alert(1)}{click}$', // links need trust
      '$\\htmlClass{x}{y}$',
      `$${'{'.repeat(2000)}x${'}'.repeat(2000)}$`, // deep nesting
      '$\\frac{1}{$', // unbalanced
    ];
    const started = performance.now();
    const view = render(
      <Markdown content={`# Still here\n\n${hostile.join('\n\n')}\n\nand $x$`} />,
    );
    await waitFor(() =>
      expect(view.container.querySelectorAll('.katex').length).toBeGreaterThan(0),
    );
    expect(performance.now() - started).toBeLessThan(3000); // generous: a loaded machine
    expect(view.container.querySelector('h2')?.textContent).toBe('Still here');
    expect(view.container.textContent).not.toContain('Error rendering markdown');
    expect(view.container.querySelector('a')).toBeNull();
    const errors = [...view.container.querySelectorAll<HTMLElement>('.katex-error')];
    expect(errors.length).toBeGreaterThanOrEqual(2);
    const texts = errors.map((e) => e.textContent);
    expect(texts).toContain('\\def\\a{\\a\\a}\\a');
    expect(texts).toContain('\\newcommand{\\c}{\\c\\c}\\c');
    expect(texts).toContain('\\gdef\\d{\\d\\d}\\d');
    // Macro definitions never reach KaTeX: shown as their source, with the reason.
    expect(
      view.container.querySelectorAll('[title="Macro definitions are not rendered"]').length,
    ).toBe(4);
    for (const e of errors) expect(e.style.color).not.toBe('');
    const rule = view.container.querySelector<HTMLElement>('.rule');
    if (rule) expect(parseFloat(rule.style.borderRightWidth || '0')).toBeLessThanOrEqual(20);
  });
});

describe('what counts as math', () => {
  it.each([
    ['It costs $5 and $10', false],
    ['from $5 to $10.50 a month', false],
    ['$x$5', false],
    ['C:\\Users\\me', false],
    ['plain words', false],
    ['$e^{i\\pi}+1=0$', true],
    ['$x$', true],
    ['$$\\int_0^1 x^2\\,dx$$', true],
    ['a \\(x^2\\) b', true],
    ['\\[\nx\n\\]', true],
    ['```math\nx^2\n```', true],
  ])('%j → %s', (content, expected) => {
    expect(hasMath(content)).toBe(expected);
  });
});
