import { afterAll, beforeAll } from 'vitest';
import type { ServerContent } from '../../../protocol';
import { preloadRichText } from '../../../src/components/RichTextOnDemand';
import { WorkspacePage } from '../../../src/features/workspace/WorkspacePage';
import { renderWithProviders } from '../renderWithProviders';
import { frameHelpers, makeTestStore } from '../testStore';

/** Rows this tall in a viewport this tall: jsdom has no layout, so the virtualizer is told. */
export const VIEWPORT_PX = 600;
export const ROW_PX = 60;

/**
 * jsdom lays nothing out (every size is 0), so the transcript's virtualizer
 * would see an empty viewport. Give every element a fixed size, and let
 * scrollTo move scrollTop and fire 'scroll' like a browser.
 */
export function stubLayout() {
  const proto = HTMLElement.prototype;
  const saved = {
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
    offsetHeight: Object.getOwnPropertyDescriptor(proto, 'offsetHeight'),
    scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight'),
    scrollTo: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo'),
  };
  beforeAll(async () => {
    // The renderers the page fetches with its first content, in before the tests look.
    await preloadRichText();
    Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => VIEWPORT_PX });
    Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 800 });
    Object.defineProperty(proto, 'offsetHeight', { configurable: true, get: () => ROW_PX });
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: Element) {
        const sizer = this.firstElementChild as HTMLElement | null;
        return Math.max(VIEWPORT_PX, parseFloat(sizer?.style.height ?? '') || 0);
      },
    });
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      writable: true,
      value(this: Element, opts: ScrollToOptions) {
        const max = Math.max(0, this.scrollHeight - VIEWPORT_PX);
        this.scrollTop = Math.min(max, Math.max(0, opts.top ?? 0));
        this.dispatchEvent(new Event('scroll'));
      },
    });
  });
  afterAll(() => {
    for (const [name, d] of Object.entries(saved)) {
      const target = name === 'scrollHeight' || name === 'scrollTo' ? Element.prototype : proto;
      if (d) Object.defineProperty(target, name, d);
      else delete (target as unknown as Record<string, unknown>)[name];
    }
  });
}

export const WORKSPACE_PATH = '/w/acme/workspace?id=ws-1';

/**
 * The page at /w/acme/workspace?id=ws-1 with a real store that records every action;
 * unless `answered` is false, the server has answered the frames the page asks on connect
 * (the page waits for that answer before its first screen).
 */
export function renderWorkspace(path = WORKSPACE_PATH, opts: { answered?: boolean } = {}) {
  const t = makeTestStore();
  const view = renderWithProviders(<WorkspacePage />, {
    store: t.store,
    path,
    routePath: '/w/:worldId/workspace',
  });
  const helpers = frameHelpers(t);
  if (opts.answered !== false) helpers.frame('workspace.expert.details.response', { experts: [] });
  return { ...view, ...t, ...helpers };
}

/** A history of one question (with a bold word), as the server sends the newest page. */
export const ONE_QUESTION_HISTORY: ServerContent<'display.history'> = {
  page: 'latest',
  messages: [
    {
      message_id: 'm1',
      role: 'user',
      name: 'Ann',
      content: 'How do **pumps** fail?',
      created_at: '2026-01-01T00:00:00.000Z',
      final: true,
    },
  ],
  researchboxes: [],
  traces: [],
  older: false,
  newer: false,
};
