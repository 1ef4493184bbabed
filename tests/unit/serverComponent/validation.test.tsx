import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACTION_ERRORS } from '../../../protocol/components';
import { NodeErrorBoundary } from '../../../src/components/serverComponent/NodeErrorBoundary';
import { renderScreen } from './renderScreen';

const invalidTexts = () => screen.queryAllByTestId('invalid-component').map((el) => el.textContent);

describe('invalid nodes', () => {
  it('an unknown component is named in an invalid box', () => {
    renderScreen({ component: 'FancyThing' });
    expect(invalidTexts()).toEqual(['Invalid component: FancyThing']);
  });

  it('a name from Object.prototype is unknown too', () => {
    renderScreen({ component: 'constructor' });
    expect(invalidTexts()).toEqual(['Invalid component: constructor']);
  });

  it('a node that is not an object, or has no string component, is invalid', () => {
    renderScreen({
      component: 'Sections',
      sections: [42, null, { content: 'no name' }, { component: 7 }],
    });
    expect(invalidTexts()).toEqual([
      'Invalid component: expected an object, got number',
      'Invalid component: expected an object, got null',
      'Invalid component: no component name',
      'Invalid component: no component name',
    ]);
  });

  it('the rest of the tree still renders beside an invalid node', () => {
    renderScreen({
      component: 'Card',
      title: 'Report',
      children: [
        { component: 'Text', content: 'Before' },
        { component: 'FancyThing' },
        { component: 'Text', content: 42 },
        { component: 'Text', content: 'After' },
      ],
    });
    expect(screen.getByText('Report')).toBeTruthy();
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(invalidTexts()).toEqual([
      'Invalid component: FancyThing',
      'Text: content must be a string',
    ]);
  });

  it('children given as a string render as text', () => {
    renderScreen({ component: 'Card', children: 'Just words' });
    expect(screen.getByText('Just words')).toBeTruthy();
  });
});

describe('prop validation', () => {
  it('required string content must be a string', () => {
    renderScreen({
      component: 'Sections',
      sections: [
        { component: 'Text', content: 42 },
        { component: 'Markdown' },
        { component: 'Html', html: ['<b>'] },
      ],
    });
    expect(invalidTexts()).toEqual([
      'Text: content must be a string',
      'Markdown: content must be a string',
      'Html: html must be a string',
    ]);
  });

  it('Text takes the known variants; anything else is body1', () => {
    renderScreen({
      component: 'Sections',
      sections: [
        { component: 'Text', variant: 'h2', content: 'Title' },
        { component: 'Text', variant: 'subtitle', content: 'Sub' },
        { component: 'Text', variant: 'constructor', content: 'Odd' },
        { component: 'Text', content: 'Plain' },
      ],
    });
    // Looks like an h2, and is a level lower: the page's title is its one level-1 heading.
    expect(screen.getByText('Title').className).toMatch(/h2/);
    expect(screen.getByText('Title').tagName).toBe('H3');
    expect(screen.getByText('Sub').className).toMatch(/subtitle1/);
    expect(screen.getByText('Odd').className).toMatch(/body1/);
    expect(screen.getByText('Plain').className).toMatch(/body1/);
  });

  it('alert types are info, success, warning, error, danger', () => {
    renderScreen({ component: 'Alert', type: 'fatal', content: 'x' });
    expect(invalidTexts()).toEqual([
      'Alert: type must be one of info, success, warning, error, danger',
    ]);
  });

  it('a danger alert is an MUI error alert; the title is optional', () => {
    renderScreen({
      component: 'Sections',
      sections: [
        { component: 'Alert', type: 'danger', title: 'Careful', content: 'Disk full' },
        { component: 'Alert', type: 'info', content: 'No title here' },
      ],
    });
    const [danger, info] = screen.getAllByRole('alert');
    expect(danger!.className).toMatch(/colorError/);
    expect(danger!.textContent).toBe('CarefulDisk full');
    expect(info!.className).toMatch(/colorInfo/);
    expect(invalidTexts()).toEqual([]);
  });

  it.each([
    [42, ACTION_ERRORS.notString],
    ['submit', ACTION_ERRORS.noType],
    [':submit', ACTION_ERRORS.noType],
    ['email:someone', ACTION_ERRORS.badType],
  ])('a button with action %j shows %j in red and does nothing', (action, message) => {
    const { host } = renderScreen({ component: 'Button', label: 'Go', action });
    expect(screen.getByTestId('action-error').textContent).toBe(message);
    screen.getByRole('button', { name: 'Go' }).click();
    expect(host.sendEvent).not.toHaveBeenCalled();
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('an Option with an invalid action shows the error under it', () => {
    renderScreen({ component: 'Option', label: 'Maybe', action: 'server' });
    expect(screen.getByTestId('action-error').textContent).toBe(ACTION_ERRORS.noType);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', '//evil.example/x.png', 'x.png'])(
    'an image with src %j is invalid',
    (src) => {
      renderScreen({ component: 'Image', src, title: 'Logo' });
      expect(screen.queryByRole('img')).toBeNull();
      expect(invalidTexts()).toEqual([
        'Image: src must be an http(s) URL, a path on this site or a data:image/ URL',
      ]);
    },
  );

  it.each(['https://example.com/logo.png', '/static/logo.png', 'data:image/png;base64,AAAA'])(
    'an image with src %j is shown, its title as alt text',
    (src) => {
      renderScreen({ component: 'Image', src, title: 'Logo' });
      expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe(src);
    },
  );
});

describe('NodeErrorBoundary', () => {
  it('turns a render error into an invalid box naming the component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <NodeErrorBoundary name="Card" node={{}}>
        <Broken />
      </NodeErrorBoundary>,
    );
    expect(screen.getByTestId('invalid-component').textContent).toBe(
      'Card: could not be rendered (boom)',
    );
    vi.restoreAllMocks();
  });
});
