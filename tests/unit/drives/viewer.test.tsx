import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DriveFileViewerPage } from '../../../src/features/drives/viewer/DriveFileViewerPage';
import { renderWithProviders } from '../renderWithProviders';
import { json, makeTestStore } from '../testStore';
import { driveFile, driveServer } from './driveServer';

beforeEach(() => window.history.replaceState(null, '', '/w/acme/workspace?id=ws-1'));
afterEach(() => vi.unstubAllGlobals());

const WORLD_ROUTE = '/w/:worldId/emdrive/:driveName/file/*';

function renderViewer(path: string, routePath = WORLD_ROUTE) {
  return renderWithProviders(<DriveFileViewerPage />, { path, routePath });
}

describe('drive file viewer', () => {
  it("says 'Missing drive name or file path' without a path, and asks nothing", () => {
    const server = driveServer();
    renderViewer('/w/acme/emdrive/research/file/');
    expect(screen.getByText('Missing drive name or file path')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect(server.seen).toHaveLength(0);
  });

  it('renders a markdown file with Download and back buttons', async () => {
    const server = driveServer();
    renderViewer('/w/acme/emdrive/research/file/notes/plan.md');
    expect(screen.getByRole('heading', { level: 1, name: 'notes/plan.md' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'The plan' })).toBeTruthy();
    expect(screen.getByText('it').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toBe(
      '/api/drives/research/files/notes/plan.md?download=true&worldId=acme',
    );
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    const [asked] = server.requests('/api/drives/research/files/notes/plan.md');
    expect(asked!.headers.get('X-World-Id')).toBe('acme');
  });

  it('reads a path encoded whole (%2F) the same, on the /emdrive route of the active world', async () => {
    driveServer();
    renderViewer('/emdrive/research/file/notes%2Fplan.md', '/emdrive/:driveName/file/*');
    expect(await screen.findByRole('heading', { name: 'The plan' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('notes/plan.md');
  });

  it("says 'No content to render' for an empty markdown file", async () => {
    driveServer({
      file: () =>
        json(200, { status: 'success', data: driveFile('empty.md', 'text/markdown', '') }),
    });
    renderViewer('/w/acme/emdrive/research/file/empty.md');
    expect(await screen.findByText('No content to render')).toBeTruthy();
  });

  it('shows other files as their preview; HTML as source, never rendered', async () => {
    driveServer({
      file: () =>
        json(200, {
          status: 'success',
          data: driveFile('site/page.html', 'text/html', '<h2>Hi</h2><img src=x onerror=alert(1)>'),
        }),
    });
    renderViewer('/w/acme/emdrive/research/file/site/page.html');
    const code = await screen.findByTestId('code-preview');
    expect(code.textContent).toBe('<h2>Hi</h2><img src=x onerror=alert(1)>');
    expect(within(code).queryByRole('heading')).toBeNull();
    expect(code.querySelector('img')).toBeNull();
  });

  it("'Failed to load file: …' when the server refuses", async () => {
    driveServer({ file: () => json(404, { status: 'error', error: 'File not found' }) });
    renderViewer('/w/acme/emdrive/research/file/nope.md');
    expect(await screen.findByText('Failed to load file: File not found')).toBeTruthy();
  });

  it('the back button goes back in the browser history, or to the dashboard without one', async () => {
    driveServer();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const length = vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const router = createMemoryRouter(
      [
        { path: WORLD_ROUTE, element: <DriveFileViewerPage /> },
        { path: '/w/:worldId/dashboard', element: <p>Dashboard page</p> },
      ],
      { initialEntries: ['/w/acme/emdrive/research/file/notes/plan.md'] },
    );
    render(
      <Provider store={makeTestStore().store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(back).not.toHaveBeenCalled();

    length.mockReturnValue(3);
    act(() => void router.navigate('/w/acme/emdrive/research/file/notes/plan.md'));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
