import type { ComponentType, ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ServerScreenProvider } from '../serverComponent/ServerScreenProvider';
import type { ServerComponentHost } from '../serverComponent/ServerScreenProvider';
import { decodeComponentData } from './decodeComponentData';
import { EmbeddedContent } from './EmbeddedContent';
import { EmbeddedTheme } from './EmbeddedTheme';

export const EMBEDDED_COMPONENT_TAG = 'emgen-component';

export interface EmbeddedComponentOptions {
  /** Providers around each element's React root (default: the app theme). */
  wrapper?: ComponentType<{ children: ReactNode }>;
  /** Where the embedded components' events go (default: logged; navigation by the browser). */
  host?: ServerComponentHost;
}

function elementClass({ wrapper: Wrapper = EmbeddedTheme, host }: EmbeddedComponentOptions) {
  /**
   * <emgen-component data="BASE64">: server HTML (messages) can carry a
   * component this way. Each element has its own React root in its light DOM,
   * so the page's CSS and theme reach it.
   */
  return class EmgenComponentElement extends HTMLElement {
    static observedAttributes = ['data'];
    #root: Root | null = null;

    connectedCallback() {
      this.#render();
    }

    attributeChangedCallback(_name: string, oldValue: string | null, newValue: string | null) {
      if (oldValue !== newValue && this.isConnected) this.#render();
    }

    disconnectedCallback() {
      // Later, not now: the removal may happen inside a React commit of the page, where a
      // synchronous unmount is an error; and an element only moved is connected again by then.
      queueMicrotask(() => {
        if (this.isConnected || !this.#root) return;
        this.#root.unmount();
        this.#root = null;
      });
    }

    #render() {
      this.#root ??= createRoot(this);
      const content = <EmbeddedContent decoded={decodeComponentData(this.getAttribute('data'))} />;
      this.#root.render(
        <Wrapper>
          {host ? <ServerScreenProvider host={host}>{content}</ServerScreenProvider> : content}
        </Wrapper>,
      );
    }
  };
}

/**
 * Registers <emgen-component>. Safe to call more than once: the first
 * definition stays (customElements.define throws on a second one).
 */
export function defineEmbeddedComponentElement(
  options: EmbeddedComponentOptions = {},
): CustomElementConstructor {
  const existing = customElements.get(EMBEDDED_COMPONENT_TAG);
  if (existing) return existing;
  const element = elementClass(options);
  customElements.define(EMBEDDED_COMPONENT_TAG, element);
  return element;
}
