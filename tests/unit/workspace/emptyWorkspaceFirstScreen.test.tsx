import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ONE_QUESTION_HISTORY, renderWorkspace } from './workspaceHarness';

/**
 * The markdown renderers are a download of their own. A workspace with rows waits for them
 * (its rows are markdown at first sight, not plain text first); an empty one has no markdown to
 * show and opens without them, and stays open when its first message comes before them.
 */

const renderers = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (open = resolve));
  return { arrived, open: () => open(), asked: false };
});

vi.mock('../../../src/components/richText', async (importOriginal) => {
  renderers.asked = true;
  await renderers.arrived;
  return importOriginal();
});

const spinner = () => screen.queryByTestId('full-screen-spinner');

describe('opening a workspace before the markdown renderers are in', () => {
  it('shows an empty workspace at once, and fetches them just after', async () => {
    renderWorkspace();
    expect(spinner()).toBeNull();
    expect(screen.getByText('Start a conversation by typing a message')).toBeTruthy();
    expect(renderers.asked).toBe(false);
    // In the background once the first screen is up: the first answer is markdown at once.
    await waitFor(() => expect(renderers.asked).toBe(true), { timeout: 5_000 });
  });

  it('stays shown when its first message comes before them', async () => {
    const { frame, store } = renderWorkspace();
    expect(spinner()).toBeNull();
    frame('display.message', { ...ONE_QUESTION_HISTORY.messages[0]! });
    await waitFor(() => expect(store.getState().workspace.messages.size).toBe(1));
    // Not hidden again under the spinner: the message box is still there to type in.
    expect(spinner()).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('keeps a workspace with rows under the spinner until they are in', async () => {
    // As the server answers: the history first, then the experts (the page's last question).
    const { frame } = renderWorkspace(undefined, { answered: false });
    frame('display.history', ONE_QUESTION_HISTORY);
    frame('workspace.expert.details.response', { experts: [] });
    expect(spinner()).not.toBeNull();
    renderers.open();
    // The first import of the markdown libraries takes a while under the test runner.
    await waitFor(() => expect(spinner()).toBeNull(), { timeout: 10_000 });
  });
});
