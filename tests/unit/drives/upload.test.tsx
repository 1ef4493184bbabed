import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadFilesDialog } from '../../../src/features/drives/upload/UploadFilesDialog';
import { renderWithProviders } from '../renderWithProviders';
import { stubXhr } from './fakeXhr';

const file = (name: string, text = 'hello') => new File([text], name, { type: 'text/plain' });

function renderUpload() {
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  const view = renderWithProviders(
    <UploadFilesDialog open drive="research docs" onClose={onClose} onUploaded={onUploaded} />,
    { path: '/w/acme/workspace?id=ws-1' },
  );
  const choose = (...files: File[]) =>
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });
  const uploadButton = () => screen.getByRole('button', { name: /^Upload/ }) as HTMLButtonElement;
  const bar = (name: string) =>
    screen.getByRole('progressbar', { name: `Upload progress for ${name}` });
  return { ...view, onClose, onUploaded, choose, uploadButton, bar };
}

let xhrs: ReturnType<typeof stubXhr>;
beforeEach(() => {
  xhrs = stubXhr();
  // POST …/exists: the drive holds none of the names chosen here.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 'success', data: { existing: [] } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  // The world header comes from the address bar, as in the browser.
  window.history.pushState(null, '', '/w/acme/workspace?id=ws-1');
  document.cookie = 'emgen_csrf=csrf-123';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'emgen_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('Upload Files dialog', () => {
  it('is disabled with no files; duplicate names in a selection (and already listed) are ignored', () => {
    const { choose, uploadButton } = renderUpload();
    expect(screen.getByText('Upload Files to research docs')).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);

    choose(file('a.txt', 'one'), file('a.txt', 'two'), file('b.txt'));
    const list = screen.getByRole('list', { name: 'Files to upload' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(uploadButton().disabled).toBe(false);

    choose(file('b.txt'), file('c.md'));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('a.txt'),
      expect.stringContaining('b.txt'),
      expect.stringContaining('c.md'),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove c.md' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('takes dropped files too', () => {
    renderUpload();
    fireEvent.drop(screen.getByTestId('upload-drop-zone'), {
      dataTransfer: { files: [file('x.pdf'), file('x.pdf')] },
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends each file in its own request with the standard headers; the bar follows real progress', async () => {
    const { choose, uploadButton, bar, onUploaded, onClose } = renderUpload();
    choose(file('a.txt'), file('b.txt'));
    fireEvent.click(uploadButton());
    // First the dialog asks which names the drive holds already (none here), then it sends.
    await waitFor(() => expect(xhrs).toHaveLength(2));
    const [a, b] = xhrs;
    expect(a!.method).toBe('POST');
    expect(new URL(a!.url).pathname).toBe('/api/drives/research%20docs/files');
    expect(a!.withCredentials).toBe(true);
    expect(a!.headers['x-csrf-token']).toBe('csrf-123');
    expect(a!.headers['x-world-id']).toBe('acme');
    expect(a!.headers['x-client-version']).toBe('1.0.0');
    expect(a!.file?.name).toBe('a.txt');
    expect(b!.file?.name).toBe('b.txt');

    expect(uploadButton().disabled).toBe(true);
    expect(uploadButton().textContent).toBe('Uploading...');
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('0');

    act(() => a!.progress(25, 100));
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('25');
    act(() => a!.progress(80, 100));
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('80');
    expect(bar('b.txt').getAttribute('aria-valuenow')).toBe('0');

    await act(async () => a!.respond(200, { status: 'success', data: { files: [] } }));
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('100');
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => b!.respond(201, { status: 'success', data: { files: [] } }));
    expect(onUploaded).toHaveBeenCalledTimes(1);
    // The finished bars stay on screen briefly, then the dialog closes.
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("shows the server's error field or 'Upload failed. Please try again.', stays open, and retries only the failed", async () => {
    const { choose, uploadButton, onUploaded, onClose } = renderUpload();
    choose(file('ok.txt'), file('big.bin'), file('broken.txt'));
    fireEvent.click(uploadButton());
    await waitFor(() => expect(xhrs).toHaveLength(3));
    const [ok, big, broken] = xhrs;
    await act(async () => ok!.respond(200, { status: 'success', data: { files: [] } }));
    await act(async () =>
      big!.respond(413, { status: 'error', error: 'File exceeds the 10 MB limit' }),
    );
    await act(async () => broken!.respond(500, '<html>oops</html>'));

    expect(screen.getByText('File exceeds the 10 MB limit')).toBeTruthy();
    expect(screen.getByText('Upload failed. Please try again.')).toBeTruthy();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(uploadButton().disabled).toBe(false);

    // A second press sends only the two that failed; the uploaded one is skipped.
    fireEvent.click(uploadButton());
    expect(xhrs).toHaveLength(5);
    expect(xhrs.slice(3).map((x) => x.file?.name)).toEqual(['big.bin', 'broken.txt']);
    await act(async () => xhrs[3]!.respond(200, { status: 'success' }));
    await act(async () => xhrs[4]!.fail());
    expect(screen.getByText('Upload failed. Please try again.')).toBeTruthy();
    expect(screen.queryByText('File exceeds the 10 MB limit')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(uploadButton());
    expect(xhrs).toHaveLength(6);
    await act(async () => xhrs[5]!.respond(200, { status: 'success' }));
    expect(onUploaded).toHaveBeenCalledTimes(1);
    // The finished bars stay on screen briefly, then the dialog closes.
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("a 200 whose body says status 'error' is a failure", async () => {
    const { choose, uploadButton, onClose } = renderUpload();
    choose(file('a.txt'));
    fireEvent.click(uploadButton());
    await waitFor(() => expect(xhrs).toHaveLength(1));
    await act(async () => xhrs[0]!.respond(200, { status: 'error', error: 'Path not allowed' }));
    expect(screen.getByText('Path not allowed')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel stops uploads still running', () => {
    const { choose, uploadButton, onClose, onUploaded } = renderUpload();
    choose(file('a.txt'));
    fireEvent.click(uploadButton());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
