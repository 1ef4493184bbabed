import { useLayoutEffect, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Transcript } from '../../../src/features/workspace/components/Transcript';
import { renderWithProviders } from '../renderWithProviders';
import { frameHelpers, makeTestStore } from '../testStore';
import { stubLayout, VIEWPORT_PX } from './workspaceHarness';

stubLayout();

/** How many rows the first commit under it put on the page (its layout effect runs after theirs). */
function RowsOfFirstCommit({ seen, children }: { seen: number[]; children: ReactNode }) {
  useLayoutEffect(() => {
    seen.push(document.querySelectorAll('[data-message-id]').length);
  }, [seen]);
  return children;
}

function openedWithHistory(transcript: ReactNode) {
  const t = makeTestStore();
  const { frame } = frameHelpers(t);
  frame('display.history', {
    page: 'latest',
    messages: Array.from({ length: 50 }, (_, i) => ({
      message_id: `m${i}`,
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      name: i % 2 ? 'Ada' : 'Ann',
      content: `message ${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      final: true,
    })),
    researchboxes: [],
    traces: [],
    older: true,
    newer: false,
  });
  const seen: number[] = [];
  const view = renderWithProviders(
    <RowsOfFirstCommit seen={seen}>{transcript}</RowsOfFirstCommit>,
    {
      store: t.store,
    },
  );
  return { seen, view };
}

describe('the transcript mounting over a loaded history', () => {
  it('puts the newest rows on the page in its first commit when it knows the room it fills', () => {
    const { seen, view } = openedWithHistory(
      <Transcript initialRect={{ width: 800, height: VIEWPORT_PX }} />,
    );
    expect(seen[0]).toBeGreaterThan(0);
    expect(view.container.querySelector('[data-message-id="m49"]')).not.toBeNull();
  });

  it('without the room, its first commit has no rows (they come in a second pass)', () => {
    const { seen, view } = openedWithHistory(<Transcript />);
    expect(seen[0]).toBe(0);
    // The second pass, once the scroller is observed, brings the same newest rows.
    expect(view.container.querySelector('[data-message-id="m49"]')).not.toBeNull();
  });
});
