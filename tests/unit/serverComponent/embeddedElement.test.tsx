import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeComponentData } from '../../../src/components/embedded/decodeComponentData';
import {
  EMBEDDED_COMPONENT_TAG,
  defineEmbeddedComponentElement,
} from '../../../src/components/embedded/defineEmbeddedComponentElement';
import { renderScreen } from './renderScreen';

function Marked({ children }: { children: ReactNode }) {
  return <div data-testid="wrapper">{children}</div>;
}

beforeAll(() => {
  defineEmbeddedComponentElement({ wrapper: Marked });
});

afterEach(() => document.body.replaceChildren());

async function place(data: string | null) {
  const element = document.createElement(EMBEDDED_COMPONENT_TAG);
  if (data !== null) element.setAttribute('data', data);
  await act(async () => document.body.append(element));
  return element;
}

const alert = { component: 'Alert', type: 'success', content: 'Saved' };

describe('<emgen-component>', () => {
  it('is defined once; a second call keeps the first definition', () => {
    const first = customElements.get(EMBEDDED_COMPONENT_TAG);
    expect(first).toBeDefined();
    expect(defineEmbeddedComponentElement()).toBe(first);
  });

  it('renders its data in its own root, inside the wrapper', async () => {
    const element = await place(encodeComponentData(alert));
    expect(element.querySelector('[data-testid="wrapper"]')).not.toBeNull();
    expect(element.textContent).toBe('Saved');
    expect(screen.getByRole('alert').className).toMatch(/colorSuccess/);
  });

  it('renders again when the data attribute changes', async () => {
    const element = await place(encodeComponentData(alert));
    await act(async () =>
      element.setAttribute('data', encodeComponentData({ component: 'Text', content: 'Next' })),
    );
    expect(element.textContent).toBe('Next');
    await act(async () => element.setAttribute('data', 'bad$$'));
    expect(element.textContent).toBe('Base64 decode error: Invalid character found');
  });

  it.each([
    [null, 'Missing component data'],
    ['', 'Missing component data'],
    ['%%%', 'Base64 decode error: Invalid character found'],
    [encodeComponentData({ content: 'x' }), 'Invalid component data'],
  ])('data %j shows %j in red', async (data, message) => {
    await place(data);
    const error = screen.getByTestId('embedded-component-error');
    expect(error.textContent).toBe(message);
  });

  it('shows the JSON parse error for data that is not JSON', async () => {
    await place(btoa('{oops'));
    const parseError = (() => {
      try {
        return JSON.parse('{oops') as never;
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(screen.getByTestId('embedded-component-error').textContent).toBe(parseError);
  });

  it('an unknown component inside is an invalid box, not an error of the element', async () => {
    const element = await place(encodeComponentData({ component: 'FancyThing' }));
    expect(element.textContent).toBe('Invalid component: FancyThing');
  });

  it('unmounts its root when removed', async () => {
    const element = await place(encodeComponentData({ component: 'Quote' }));
    const clear = vi.spyOn(globalThis, 'clearInterval');
    await act(async () => element.remove());
    // The Quote's timer stops only if React unmounted the element's tree.
    expect(clear).toHaveBeenCalled();
    clear.mockRestore();
  });

  it('lives inside sanitized server HTML', async () => {
    const data = encodeComponentData({ component: 'Text', content: 'From a message' });
    await act(async () => {
      renderScreen({
        component: 'Html',
        html: `<p>See:</p><emgen-component data="${data}" onclick="alert(1)"></emgen-component>`,
      });
    });
    const element = document.querySelector(EMBEDDED_COMPONENT_TAG)!;
    expect(element.getAttribute('onclick')).toBeNull();
    expect(element.textContent).toBe('From a message');
  });
});
