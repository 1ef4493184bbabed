import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/components/SafeHtml';

describe('sanitizeHtml and <emgen-component>', () => {
  it('keeps the embedded-component element and its data attribute', () => {
    expect(sanitizeHtml('<p>Chart:</p><emgen-component data="eyJ9"></emgen-component>')).toBe(
      '<p>Chart:</p><emgen-component data="eyJ9"></emgen-component>',
    );
  });

  it('strips handlers, styles and scripts from it and inside it', () => {
    const clean = sanitizeHtml(
      '<emgen-component data="QQ==" onclick="alert(1)" style="position:fixed">' +
        '<script>alert(2)</script><img src="x" onerror="alert(3)"></emgen-component>',
    );
    expect(clean).toBe('<emgen-component data="QQ=="><img src="x"></emgen-component>');
  });

  it('lets no other custom element or attribute through', () => {
    expect(
      sanitizeHtml(
        '<emgen-other data="x">a</emgen-other><x-emgen-component data="y">b</x-emgen-component>',
      ),
    ).toBe('ab');
    expect(
      sanitizeHtml('<emgen-component data="x" datasrc="y" data-x="z"></emgen-component>'),
    ).toBe('<emgen-component data="x" data-x="z"></emgen-component>');
  });

  it('still drops scripts and handlers everywhere else', () => {
    expect(sanitizeHtml('<b onmouseover="x()">hi</b><script>alert(1)</script>')).toBe('<b>hi</b>');
  });
});
