import { describe, expect, it } from 'vitest';
import { AppRegistry, type AnnotatedCog } from '../../server/cog/registry';
import { renderDashboard } from '../../server/dashboard/render';
import { WIDGET_ANNOTATION } from '../../server/dashboard/widgets';

const widget = (name: string, handler: () => Promise<unknown>) => ({
  module: 'test.widgets',
  name,
  annotations: { [WIDGET_ANNOTATION]: { dashboard: 'core', column: 'main', order: 1 } },
  handler,
});

describe('a dashboard widget that does not answer', () => {
  it('is left out and reported after the widget timeout; the others are shown', async () => {
    const registry = new AppRegistry();
    registry.register({
      name: 'slow-widgets',
      cogs: [
        widget('silent', () => new Promise(() => {})),
        widget('prompt', async () => ({ layout: 'card', title: 'Here' })),
      ],
    });
    const failed: { name: string; message: string }[] = [];
    const body = await renderDashboard(
      registry,
      'core',
      { worldId: 'w1', userId: 'u1' },
      {
        failed: (w: AnnotatedCog, err: unknown) =>
          failed.push({ name: w.cog.name, message: (err as Error).message }),
        droppedLink: () => {},
      },
      50,
    );
    expect(body?.main_column).toEqual([{ layout: 'card', title: 'Here' }]);
    expect(failed).toEqual([{ name: 'silent', message: 'no answer within 50 ms' }]);
  });
});
