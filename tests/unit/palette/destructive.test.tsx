import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Command } from '../../../protocol';
import { defaultSelection } from '../../../src/features/palette/usePalette';
import {
  COMMANDS,
  input,
  options,
  pressShortcut,
  renderPalette,
  selectedName,
} from './paletteHarness';
import type { Respond } from './paletteHarness';

afterEach(() => vi.unstubAllGlobals());

const CLEAR: Command = {
  id: 'clear-console',
  name: 'Clear Console',
  description: "Delete every message of this world's console",
  namespace: 'workspace',
  destructive: true,
};

/** The server lists Clear Console first (name order), as the real one does. */
const withClear =
  (answer: string[] = []): Respond =>
  (f) => {
    if (f.typ === 'command.list')
      return { typ: 'command.list.response', content: { commands: [CLEAR, ...COMMANDS] } };
    if (f.typ === 'command.execute') {
      answer.push((f.content as { commandId: string }).commandId);
      return { typ: 'command.execute.response', content: { message: 'Console cleared' } };
    }
    return undefined;
  };

async function opened(executed: string[]) {
  await import('../../../src/features/palette/PaletteDialog'); // its lazy chunk, loaded once
  const t = renderPalette(withClear(executed));
  pressShortcut();
  await waitFor(() => expect(options()).toHaveLength(4), { timeout: 5000 });
  return t;
}

describe('command palette: destructive commands (palette safety)', () => {
  it('never selects a destructive command by default, so Enter on open runs the first safe one', async () => {
    const executed: string[] = [];
    await opened(executed);
    expect(selectedName()).toBe('Open Console');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(executed).toEqual(['open-console']));
  });

  it('asks before running one chosen with the arrows; Cancel has the focus, and Enter on it runs nothing', async () => {
    const executed: string[] = [];
    await opened(executed);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(selectedName()).toBe('Clear Console');
    fireEvent.keyDown(input(), { key: 'Enter' });
    const ask = await screen.findByRole('alertdialog', { name: 'Clear Console?' });
    expect(within(ask).getByText(/This cannot be undone\./)).toBeTruthy();
    const cancel = within(ask).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    expect(await screen.findByRole('combobox', { name: 'Search commands' })).toBeTruthy();
    expect(executed).toEqual([]);
  });

  it('Escape in the question goes back to the list; confirming runs it', async () => {
    const executed: string[] = [];
    await opened(executed);
    fireEvent.click(screen.getByText('Clear Console'));
    const ask = await screen.findByRole('alertdialog', { name: 'Clear Console?' });
    fireEvent.keyDown(within(ask).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    expect(await screen.findByRole('combobox', { name: 'Search commands' })).toBeTruthy();
    expect(executed).toEqual([]);

    fireEvent.click(screen.getByText('Clear Console'));
    const again = await screen.findByRole('alertdialog', { name: 'Clear Console?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Clear Console' }));
    await waitFor(() => expect(executed).toEqual(['clear-console']));
    expect(await screen.findByText('Console cleared')).toBeTruthy();
  });

  it('selects nothing when every command listed is destructive', () => {
    expect(defaultSelection([CLEAR])).toBe(-1);
    expect(defaultSelection([CLEAR, COMMANDS[0]!])).toBe(1);
    expect(defaultSelection([])).toBe(-1);
  });
});
