import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ONE_QUESTION_HISTORY, renderWorkspace } from './workspaceHarness';

/**
 * The markdown renderers are a download of their own. A workspace with rows waits for them
 * (its rows are markdown at first sight, not plain text first); an empty one has no markdown to
 * show and opens without them.
 */

const renderers = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (open = resolve));
  return { arrived, open: () => open() };
});

vi.mock('../../../src/components/richText', async (importOriginal) => {
  await renderers.arrived;
  return importOriginal();
});

const spinner = () => screen.queryByTestId('full-screen-spinner');

describe('opening a workspace before the markdown renderers are in', () => {
  it('shows an empty workspace at once', () => {
    renderWorkspace();
    expect(spinner()).toBeNull();
    expect(screen.getByText('Start a conversation by typing a message')).toBeTruthy();
  });

  it('keeps a workspace with rows under the spinner until they are in', async () => {
    const { frame } = renderWorkspace();
    frame('display.history', ONE_QUESTION_HISTORY);
    expect(spinner()).not.toBeNull();
    renderers.open();
    // The first import of the markdown libraries takes a while under the test runner.
    await waitFor(() => expect(spinner()).toBeNull(), { timeout: 10_000 });
  });
});
