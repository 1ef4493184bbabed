import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../drives/fakeXhr';
import { json, stubFetch } from '../testStore';
import { renderWorkspace, stubLayout } from '../workspace/workspaceHarness';

stubLayout();
afterEach(() => vi.unstubAllGlobals());

const noFiles = () =>
  stubFetch(async () =>
    json(200, {
      status: 'success',
      data: { files: [], uploadDrive: 'Library', uploadFolder: 'uploads' },
    }),
  );

const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const pick = (files: File[]) =>
  fireEvent.change(screen.getByTestId('attach-input'), { target: { files } });

describe('message box: attachments', () => {
  it('uploads a picked file to the workspace with progress on its chip; the draft stays', async () => {
    noFiles();
    const xhrs = stubXhr();
    renderWorkspace();
    fireEvent.change(box(), { target: { value: 'my draft' } });
    pick([new File(['hello'], 'notes.md'), new File(['again'], 'notes.md')]);
    expect(xhrs).toHaveLength(1); // the same name twice in one pick is one file
    expect(xhrs[0]!.method).toBe('POST');
    expect(new URL(xhrs[0]!.url).pathname).toBe('/api/workspaces/ws-1/files');
    expect(xhrs[0]!.headers['x-world-id']).toBe('acme');
    expect(xhrs[0]!.file?.name).toBe('notes.md');
    act(() => xhrs[0]!.progress(40, 100));
    expect(await screen.findByText('notes.md · 40%')).toBeTruthy();
    act(() => xhrs[0]!.respond(200, { status: 'success', data: { files: [] } }));
    await waitFor(() => expect(screen.queryByText(/notes\.md ·/)).toBeNull());
    expect(box().value).toBe('my draft');
  });

  it("says 'Upload failed. Please try again.' when the upload fails, or the server's reason", async () => {
    noFiles();
    const xhrs = stubXhr();
    renderWorkspace();
    pick([new File(['a'], 'a.txt'), new File(['b'], 'b.txt')]);
    act(() => xhrs[0]!.fail());
    act(() => xhrs[1]!.respond(413, { status: 'error', error: 'File too large' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'a.txt: Upload failed. Please try again.',
      'b.txt: File too large',
    ]);
  });

  it('attaches dropped and pasted files', async () => {
    noFiles();
    const xhrs = stubXhr();
    renderWorkspace();
    const dropped = new File(['d'], 'dropped.txt');
    fireEvent.drop(screen.getByTestId('message-box'), {
      dataTransfer: { files: [dropped], types: ['Files'] },
    });
    fireEvent.paste(box(), {
      clipboardData: { files: [new File(['p'], 'pasted.png')], types: ['Files'] },
    });
    expect(xhrs.map((x) => x.file?.name)).toEqual(['dropped.txt', 'pasted.png']);
  });
});
