import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineEmbeddedComponentOnFirstUse } from '../../../src/components/embedded/defineOnFirstUse';
import { encodeComponentData } from '../../../src/components/embedded/decodeComponentData';

describe('<emgen-component> defined on first use', () => {
  it(
    'loads the renderer when the first element appears and upgrades it',
    { timeout: 40_000 },
    async () => {
      defineEmbeddedComponentOnFirstUse();
      const holder = document.createElement('div');
      holder.innerHTML = `<emgen-component data="${encodeComponentData({
        component: 'Text',
        content: 'Arrived later',
      })}"></emgen-component>`;
      document.body.append(holder);
      // The renderer is a module loaded on demand: on a busy machine that takes seconds.
      const loading = { timeout: 15_000 };
      await waitFor(() => expect(customElements.get('emgen-component')).toBeDefined(), loading);
      await waitFor(() => expect(holder.textContent).toContain('Arrived later'), loading);
      holder.remove();
    },
  );
});
