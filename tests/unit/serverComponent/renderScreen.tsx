import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { ServerComponent } from '../../../src/components/serverComponent/ServerComponent';
import {
  ServerScreenProvider,
  type ServerComponentHost,
} from '../../../src/components/serverComponent/ServerScreenProvider';
import { AppTheme } from '../../../src/theme/AppTheme';

/** Renders one server node in a screen whose host records what it is asked to do. */
export function renderScreen(node: unknown) {
  const host = {
    sendEvent: vi.fn<ServerComponentHost['sendEvent']>(),
    navigate: vi.fn<ServerComponentHost['navigate']>(),
  };
  const screenOf = (shown: unknown) => (
    <AppTheme>
      <ServerScreenProvider host={host}>
        <ServerComponent node={shown} />
      </ServerScreenProvider>
    </AppTheme>
  );
  const view = render(screenOf(node));
  /** The server's next screen, in the same provider. */
  const showNode = (next: unknown) => view.rerender(screenOf(next));
  return { ...view, host, showNode };
}
