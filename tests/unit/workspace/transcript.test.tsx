import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cogIn } from '../../../src/ws/cogActions';
import { renderWorkspace, stubLayout } from './workspaceHarness';
import { flushUi } from '../testStore';

stubLayout();

const transcriptRows = () =>
  within(screen.getByRole('list', { name: 'Meeting transcript' })).queryAllByRole('listitem');

describe('transcript', () => {
  it('shows the echo and a streamed answer as one row that grows to its final text', () => {
    const { frame } = renderWorkspace();
    frame('user.echo', { message_id: 'u1', name: 'Ann', content: 'What is 12.5% of 2,480?' });
    expect(screen.getByText('Meeting Transcript')).toBeTruthy();
    expect(screen.queryByText('No transcript yet')).toBeNull();

    frame('assistant.message', {
      message_id: 'a1',
      name: 'Ada',
      keywords: ['math'],
      content: 'Let me',
      final: false,
    });
    expect(transcriptRows()).toHaveLength(2);
    const answer = () => screen.getByText('Ada').closest('[data-message-id]') as HTMLElement;
    expect(within(answer()).getByText('Let me')).toBeTruthy();
    expect(within(answer()).getByRole('status', { name: 'typing' })).toBeTruthy();
    expect(within(answer()).getByText('math')).toBeTruthy();

    frame('assistant.message', {
      message_id: 'a1',
      name: 'Ada',
      keywords: ['math'],
      content: 'Let me compute: **310**.',
      final: true,
    });
    expect(transcriptRows()).toHaveLength(2);
    expect(answer().textContent).toContain('Let me compute: 310.');
    expect(within(answer()).getByText('310').tagName).toBe('STRONG');
    expect(within(answer()).queryByRole('status', { name: 'typing' })).toBeNull();
    expect(screen.getByText('What is 12.5% of 2,480?')).toBeTruthy();
  });

  it('renders a markdown table and a highlighted code fence, and lists the block under Blocks', async () => {
    const { frame } = renderWorkspace();
    frame('assistant.message', {
      message_id: 'a1',
      name: 'Grace',
      content: ['| x | y |', '|---|---|', '| 1 | 2 |', '', '```python', 'print("hi")', '```'].join(
        '\n',
      ),
    });
    const row = transcriptRows()[0]!;
    const table = within(row).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['x', 'y']);
    const code = () => row.querySelector('pre code') as HTMLElement;
    expect(code().className).toContain('language-python');
    // Highlighting arrives with its own chunk, the first time code needs it.
    await waitFor(() => expect(code().className).toContain('hljs'));
    expect(code().querySelector('[class^="hljs-"]')).not.toBeNull();

    const blocks = screen.getAllByTestId('code-block');
    expect(blocks).toHaveLength(1);
    expect(within(blocks[0]!).getByText('python')).toBeTruthy();
    expect(within(blocks[0]!).getAllByText('Grace')).toHaveLength(1);
    expect(blocks[0]!.querySelector('pre code')?.textContent).toContain('print("hi")');
    expect(screen.queryByText('No code blocks yet')).toBeNull();
  });

  it('renders an html message sanitized', () => {
    const { frame } = renderWorkspace();
    frame('display.message', { message_id: 'h1', name: 'Bot', html: '<p>Hello <b>there</b></p>' });
    expect(screen.getByText('there').tagName).toBe('B');
  });

  // 1,000 rows: enough to show virtualization; 10,000 is the bench's job (dev-mode store checks are slow).
  it('virtualizes a long transcript and follows new messages at the bottom', () => {
    const { store } = renderWorkspace();
    act(() => {
      for (let i = 0; i < 1_000; i++) {
        store.dispatch(
          cogIn('display.message')({
            typ: 'display.message',
            content: { message_id: `m${i}`, name: 'Expert', content: `message number ${i}` },
          }),
        );
      }
      flushUi(store);
    });
    const rows = transcriptRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    // The history arrived while the (empty) list was at its end: the last message is in view.
    expect(screen.getByText('message number 999')).toBeTruthy();

    act(() => {
      store.dispatch(
        cogIn('user.echo')({
          typ: 'user.echo',
          content: { message_id: 'u-new', name: 'Ann', content: 'one more' },
        }),
      );
      flushUi(store);
    });
    expect(screen.getByText('one more')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(screen.getByText('message number 0')).toBeTruthy();
    expect(screen.queryByText('one more')).toBeNull();
  });
});

describe('Blocks: copy', () => {
  afterEach(() => vi.unstubAllGlobals());

  function withClipboard(writeText: (text: string) => Promise<void>) {
    const spy = vi.fn(writeText);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: spy } });
    return spy;
  }

  function twoBlocks() {
    const view = renderWorkspace();
    view.frame('assistant.message', {
      message_id: 'a1',
      name: 'Ada',
      content: '```js\nconst a = 1;\n```\n\ntext\n\n```sh\necho hi\n```',
    });
    return view;
  }

  it("copies one block and flashes 'Code copied to clipboard'", async () => {
    const writeText = withClipboard(async () => undefined);
    twoBlocks();
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy code' })[0]!);
    expect(await screen.findByText('Code copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('const a = 1;');
  });

  it("flashes 'Failed to copy code' when the clipboard refuses", async () => {
    withClipboard(async () => {
      throw new Error('denied');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    twoBlocks();
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy code' })[1]!);
    expect(await screen.findByText('Failed to copy code')).toBeTruthy();
  });

  it('copies all blocks joined by a blank line', async () => {
    const writeText = withClipboard(async () => undefined);
    twoBlocks();
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(await screen.findByText('All code blocks copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('const a = 1;\n\necho hi');
  });

  it("flashes 'Failed to copy all code blocks' when the clipboard refuses", async () => {
    withClipboard(async () => {
      throw new Error('denied');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    twoBlocks();
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(await screen.findByText('Failed to copy all code blocks')).toBeTruthy();
  });
});
