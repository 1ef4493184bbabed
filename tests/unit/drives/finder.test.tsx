import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileFinderDialog } from '../../../src/features/drives/finder/FileFinderDialog';
import { renderWithProviders } from '../renderWithProviders';
import { json } from '../testStore';
import { stubXhr } from './fakeXhr';
import { DRIVES, driveFile, driveServer, FILES } from './driveServer';

beforeEach(() => window.history.replaceState(null, '', '/w/acme/workspace?id=ws-1'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderFinder(workspaceId: string | null = 'ws-1') {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <FileFinderDialog open onClose={onClose} workspaceId={workspaceId} />,
    { path: '/w/acme/workspace?id=ws-1' },
  );
  return { ...view, onClose };
}

const column = (name: string) => screen.getByRole('region', { name: `${name} column` });
const search = () => screen.getByRole('textbox', { name: 'Search files' });

describe('File Finder: drives and files', () => {
  it('lists the drives, shows the first drive’s files, and picking a drive reloads from page 1', async () => {
    const server = driveServer();
    renderFinder();
    expect(screen.getByText('File Finder')).toBeTruthy();
    const drives = await within(column('Drives')).findByRole('list', { name: 'Drives' });
    expect(within(drives).getByText('research')).toBeTruthy();
    expect(within(drives).getByText('2 files · 1.5 KB')).toBeTruthy();
    expect(within(drives).getByText('archive')).toBeTruthy();

    const files = await within(column('Files')).findByRole('list', { name: 'Files' });
    expect(within(files).getByText('plan.md')).toBeTruthy();
    expect(within(files).getByText('main.ts')).toBeTruthy();
    const [listing] = server.requests('/api/drives/research/files');
    const params = new URL(listing!.url).searchParams;
    expect(params.get('offset')).toBe('0');
    expect(params.get('limit')).toBe('50');
    expect(params.get('sortBy')).toBe('path');
    expect(listing!.headers.get('X-World-Id')).toBe('acme');

    fireEvent.click(within(drives).getByText('archive'));
    expect(await within(column('Files')).findByText('No files found')).toBeTruthy();
    expect(server.requests('/api/drives/archive/files')).toHaveLength(1);
  });

  it("says 'No drives available' when the world has none", async () => {
    driveServer({ drives: () => json(200, { status: 'success', data: { drives: [] } }) });
    renderFinder();
    expect(await screen.findByText('No drives available')).toBeTruthy();
    expect(screen.getByText('Select a drive')).toBeTruthy();
  });

  it.each([
    ['an object with a drives list', { status: 'success', data: { drives: DRIVES } }],
    ['data.data', { status: 'success', data: { data: DRIVES } }],
    ['lower-case names', { status: 'success', data: [{ name: 'research', fileCount: 2 }] }],
  ])('reads the drives from %s', async (_shape, body) => {
    driveServer({ drives: () => json(200, body) });
    renderFinder();
    expect(await within(column('Drives')).findByText('research')).toBeTruthy();
  });

  it('shows a preview of the chosen file', async () => {
    driveServer();
    renderFinder();
    fireEvent.click(await screen.findByText('plan.md'));
    const preview = column('Preview');
    expect(await within(preview).findByRole('heading', { name: 'The plan' })).toBeTruthy();
    fireEvent.click(within(column('Files')).getByText('main.ts'));
    expect((await within(preview).findByTestId('code-preview')).textContent).toBe(
      'const answer = 42;',
    );
  });

  it('shows why the server has not indexed the chosen file, and nothing for one it has', async () => {
    const slow = {
      ...driveFile('slides.pdf', 'application/pdf'),
      IndexError: 'Not indexed: text extraction took longer than 20 s',
    };
    driveServer({
      files: () =>
        json(200, {
          status: 'success',
          data: { data: { Files: [slow, FILES.research![0]], TotalCount: 2, PageCount: 1 } },
        }),
      file: (_req, url) =>
        url.pathname.endsWith('slides.pdf')
          ? json(200, { status: 'success', data: slow })
          : undefined,
    });
    renderFinder();
    fireEvent.click(await screen.findByText('slides.pdf'));
    const preview = column('Preview');
    expect((await within(preview).findByRole('status')).textContent).toBe(
      'Not indexed: text extraction took longer than 20 s',
    );
    fireEvent.click(within(column('Files')).getByText('plan.md'));
    expect(await within(preview).findByRole('heading', { name: 'The plan' })).toBeTruthy();
    expect(within(preview).queryByRole('status')).toBeNull();
  });

  it('pages by 50 with Previous and Next', async () => {
    const server = driveServer({
      files: (_req, url) => {
        const offset = Number(url.searchParams.get('offset'));
        const Files = Array.from({ length: 3 }, (_, i) =>
          driveFile(`f${offset + i}.txt`, 'text/plain', 'x'),
        );
        return json(200, {
          status: 'success',
          data: { data: { Files, TotalCount: 120, PageCount: 3 } },
        });
      },
    });
    renderFinder();
    expect(await screen.findByText('f0.txt')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText(/Page 1 of 3/)).toBeTruthy();
    expect(
      (within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('f50.txt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('f100.txt')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    const offsets = server
      .requests('/api/drives/research/files')
      .map((r) => new URL(r.url).searchParams.get('offset'));
    expect(offsets).toEqual(['0', '50', '100']);
  });
});

describe('File Finder: search', () => {
  it('searches 300 ms after typing stops; a blank box returns to the listing', async () => {
    const server = driveServer();
    renderFinder();
    await screen.findByText('main.ts');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(search(), { target: { value: 'pl' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(search(), { target: { value: 'plan' } });
    act(() => vi.advanceTimersByTime(299));
    expect(server.requests(/\/search\//)).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    const results = await within(column('Files')).findByRole('list', { name: 'Search results' });
    const sent = server.requests('/api/drives/research/search/text');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(await sent[0]!.clone().json()).toMatchObject({ query: 'plan', offset: 0, limit: 50 });
    expect(within(results).getByText('plan.md')).toBeTruthy();
    expect(within(results).getByText('it').tagName).toBe('MARK');
    expect(within(results).queryByText('main.ts')).toBeNull();

    fireEvent.change(search(), { target: { value: '   ' } });
    expect(within(column('Files')).getByRole('list', { name: 'Files' })).toBeTruthy();
    expect(within(column('Files')).getByText('main.ts')).toBeTruthy();
    expect(server.requests(/\/search\//)).toHaveLength(1);
  });

  it("re-runs the search when another drive is picked; 'No search results' when none match", async () => {
    const server = driveServer({
      search: (req) =>
        req.url.includes('/archive/')
          ? json(200, { status: 'success', data: { Results: [], TotalCount: 0 } })
          : undefined,
    });
    renderFinder();
    await screen.findByText('main.ts');
    fireEvent.change(search(), { target: { value: 'plan' } });
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeTruthy();
    fireEvent.click(within(column('Drives')).getByText('archive'));
    expect(await screen.findByText('No search results')).toBeTruthy();
    expect(server.requests('/api/drives/archive/search/text')).toHaveLength(1);
    expect(server.requests('/api/drives/archive/files')).toHaveLength(0);
  });
});

describe('File Finder: errors', () => {
  it("'Failed to load drives: …' with the server's error", async () => {
    driveServer({ drives: () => json(500, { status: 'error', error: 'Drive store offline' }) });
    renderFinder();
    expect(await screen.findByText('Failed to load drives: Drive store offline')).toBeTruthy();
  });

  it("'Invalid response format' for a body it cannot read", async () => {
    driveServer({ drives: () => json(200, { status: 'success', data: 'nope' }) });
    renderFinder();
    expect(await screen.findByText('Failed to load drives: Invalid response format')).toBeTruthy();
  });

  it("'Failed to load files: …'", async () => {
    driveServer({ files: () => json(403, { status: 'error', error: 'Forbidden drive' }) });
    renderFinder();
    expect(await screen.findByText('Failed to load files: Forbidden drive')).toBeTruthy();
  });

  it("'Failed to search files: …'", async () => {
    driveServer({ search: () => json(200, { status: 'success', data: { hits: [] } }) });
    renderFinder();
    await screen.findByText('main.ts');
    fireEvent.change(search(), { target: { value: 'plan' } });
    expect(await screen.findByText('Failed to search files: Invalid response format')).toBeTruthy();
  });

  it("'Failed to load file: …'", async () => {
    driveServer({ file: () => json(404, { status: 'error', error: 'File not found' }) });
    renderFinder();
    fireEvent.click(await screen.findByText('plan.md'));
    expect(await screen.findByText('Failed to load file: File not found')).toBeTruthy();
  });
});

describe('File Finder: actions', () => {
  it("'Add File to Workspace' posts the file and flashes the outcome", async () => {
    let ok = true;
    const server = driveServer({
      addFile: () =>
        ok ? json(200, { status: 'success' }) : json(500, { status: 'error', error: 'x' }),
    });
    renderFinder('ws-1');
    fireEvent.click(await screen.findByText('plan.md'));
    fireEvent.click(screen.getByRole('button', { name: 'Add File to Workspace' }));
    expect(await screen.findByText('File added to workspace successfully')).toBeTruthy();
    const [sent] = server.requests('/api/workspace/add-file');
    expect(sent!.method).toBe('POST');
    expect(await sent!.clone().json()).toEqual({
      workspaceId: 'ws-1',
      driveName: 'research',
      filePath: 'notes/plan.md',
    });

    ok = false;
    fireEvent.click(screen.getByRole('button', { name: 'Add File to Workspace' }));
    expect(await screen.findByText('Failed to add file to workspace')).toBeTruthy();
  });

  it("says 'No workspace selected' without a workspace id, and sends nothing", async () => {
    const server = driveServer();
    renderFinder(null);
    fireEvent.click(await screen.findByText('plan.md'));
    fireEvent.click(screen.getByRole('button', { name: 'Add File to Workspace' }));
    expect(await screen.findByText('No workspace selected')).toBeTruthy();
    expect(server.requests('/api/workspace/add-file')).toHaveLength(0);
  });

  it("'Open in File Viewer' goes to /emdrive/{drive}/file/{path} by full navigation", async () => {
    driveServer();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    renderFinder();
    fireEvent.click(await screen.findByText('plan.md'));
    fireEvent.click(screen.getByRole('button', { name: 'Open in File Viewer' }));
    expect(assign).toHaveBeenCalledWith('/emdrive/research/file/notes/plan.md');
  });

  it('opens the upload dialog for the shown drive', async () => {
    driveServer();
    renderFinder();
    await screen.findByText('main.ts');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload Files to research')).toBeTruthy();
  });

  it('refreshes the drives and the file list after an upload', async () => {
    const server = driveServer();
    const xhrs = stubXhr();
    renderFinder();
    await screen.findByText('main.ts');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    fireEvent.change(await screen.findByTestId('upload-input'), {
      target: { files: [new File(['x'], 'new.txt')] },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Upload$/ }));
    // The dialog first asks which names the drive holds (none here), then sends.
    await waitFor(() => expect(xhrs).toHaveLength(1));
    expect(server.requests('/api/drives/research/exists')).toHaveLength(1);
    expect(new URL(xhrs[0]!.url).pathname).toBe('/api/drives/research/files');
    await act(async () => xhrs[0]!.respond(200, { status: 'success', data: { files: [] } }));
    await waitFor(() => expect(server.requests('/api/drives/research/files')).toHaveLength(2));
    expect(server.requests('/api/drives')).toHaveLength(2);
  });
});

// Keep the fixture honest: the default drive has the files the tests click.
it('fixture', () => expect(FILES.research!.map((f) => f.Name)).toEqual(['plan.md', 'main.ts']));
