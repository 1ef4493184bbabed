import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceFile } from '../../../protocol';
import { json, stubFetch } from '../testStore';
import { renderWorkspace, stubLayout } from '../workspace/workspaceHarness';

stubLayout();
afterEach(() => vi.unstubAllGlobals());

const file = (name: string): WorkspaceFile => ({
  drive: 'Library',
  path: `uploads/${name}`,
  name,
  size: 10,
  mimeType: 'text/plain',
});

/** The workspace's files at the network edge: GET lists `files`, DELETE takes one off. */
function filesServer(files: WorkspaceFile[]) {
  return stubFetch(async (req) => {
    const url = new URL(req.url);
    if (url.pathname !== '/api/workspaces/ws-1/files') return json(404, { status: 'error' });
    if (req.method === 'DELETE') {
      const path = url.searchParams.get('path');
      files.splice(
        files.findIndex((f) => f.path === path),
        1,
      );
      return json(200, { status: 'success' });
    }
    return json(200, {
      status: 'success',
      data: { files, uploadDrive: 'Library', uploadFolder: 'uploads' },
    });
  });
}

describe('workspace page: the files chips', () => {
  it('shows the files, links each to the viewer and fetches again on workspace.files.changed', async () => {
    const files = [file('a.md')];
    const seen = filesServer(files);
    const page = renderWorkspace();
    const chip = await screen.findByRole('link', { name: 'a.md' });
    expect(chip.getAttribute('href')).toBe('/w/acme/emdrive/Library/file/uploads/a.md');

    files.push(file('b.md'));
    page.frame('workspace.files.changed', { workspaceId: 'ws-1' });
    expect(await screen.findByRole('link', { name: 'b.md' })).toBeTruthy();
    // Another workspace's change is none of this page's business.
    const before = seen.length;
    page.frame('workspace.files.changed', { workspaceId: 'ws-2' });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.length).toBe(before);
  });

  it('takes a file off the workspace with its x', async () => {
    const seen = filesServer([file('a.md'), file('b.md')]);
    renderWorkspace();
    fireEvent.click(await screen.findByLabelText('Remove a.md from the workspace'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'a.md' })).toBeNull());
    expect(screen.getByRole('link', { name: 'b.md' })).toBeTruthy();
    const removal = seen.find((r) => r.method === 'DELETE')!;
    expect(new URL(removal.url).searchParams.get('path')).toBe('uploads/a.md');
  });

  it('shows nothing while the workspace has no files', async () => {
    const seen = filesServer([]);
    renderWorkspace();
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Workspace files' })).toBeNull();
  });
});
