import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriveFile } from '../../../protocol';
import { AdminFileViewerPage } from '../../../src/features/admin/drives/AdminFileViewerPage';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';
import { adminState, file, ok, pathOf } from './drivesFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function serve(f: DriveFile) {
  return stubFetch((req) =>
    pathOf(req).startsWith('/api/drives/Library/files/')
      ? ok(f)
      : json(404, { status: 'error', error: 'no route' }),
  );
}

function renderViewer(path: string) {
  return renderWithProviders(<AdminFileViewerPage />, {
    path,
    routePath: '/admin/emdrive/:driveName/file/*',
    preloadedState: adminState(),
  });
}

const preview = () => screen.getByRole('region', { name: 'Preview' });

describe('Admin file viewer', () => {
  it('shows path, type, size, updated, description and tags of a file whose path has slashes', async () => {
    const seen = serve(
      file('engineering/examples/retry.ts', {
        MimeType: 'text/plain',
        Size: 1536,
        Description: 'Retry with backoff',
        Tags: ['engineering', 'code'],
        Content: b64('export const tries = 3;'),
        HasContent: true,
      }),
    );
    renderViewer('/admin/emdrive/Library/file/engineering/examples/retry.ts');
    const details = await screen.findByLabelText('File details');
    expect(within(details).getByText('engineering/examples/retry.ts')).toBeTruthy();
    expect(within(details).getByText('text/plain (TypeScript source)')).toBeTruthy();
    expect(within(details).getByText('1.5 KB')).toBeTruthy();
    expect(within(details).getByText('11/22/2026')).toBeTruthy();
    expect(within(details).getByText('Retry with backoff')).toBeTruthy();
    expect(within(details).getByText('code')).toBeTruthy();
    expect(within(preview()).getByTestId('code-preview').textContent).toBe(
      'export const tries = 3;',
    );
    expect(pathOf(seen[0]!)).toBe('/api/drives/Library/files/engineering/examples/retry.ts');
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/drives/Library/files/engineering/examples/retry.ts?download=true&worldId=innovation-lab',
    );
  });

  it.each([
    ['cog content as text', 'apps/echo.cog', 'application/x-cog-definition', 'name: echo'],
    ['plain text', 'notes/todo.txt', 'text/plain', 'buy milk'],
    ['markdown as its source', 'notes/plan.md', 'text/markdown', '# Plan'],
  ])('shows %s', async (_what, path, mime, text) => {
    serve(file(path, { MimeType: mime, Content: b64(text), HasContent: true }));
    renderViewer(`/admin/emdrive/Library/file/${path}`);
    expect((await screen.findByTestId('text-preview')).textContent).toBe(text);
  });

  it('shows an image from its bytes', async () => {
    serve(file('brand/logo.png', { MimeType: 'image/png', Content: 'iVBORw0KGgo=' }));
    renderViewer('/admin/emdrive/Library/file/brand/logo.png');
    const img = (await screen.findByRole('img', { name: 'logo.png' })) as HTMLImageElement;
    expect(img.src).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('does not render a PDF here but offers it for download', async () => {
    serve(file('finance/q3.pdf', { MimeType: 'application/pdf', Content: 'JVBERi0=' }));
    renderViewer('/admin/emdrive/Library/file/finance/q3.pdf');
    expect(await screen.findByText('PDF preview is not supported here')).toBeTruthy();
    expect(
      within(preview()).getByRole('link', { name: 'Download' }).getAttribute('href'),
    ).toContain('/api/drives/Library/files/finance/q3.pdf?download=true');
  });

  it("says 'No preview available for this file type' for other files", async () => {
    serve(file('data/archive.zip', { MimeType: 'application/zip' }));
    renderViewer('/admin/emdrive/Library/file/data/archive.zip');
    expect(await screen.findByText('No preview available for this file type')).toBeTruthy();
  });

  it("says 'Missing drive name or file path' without a path, asking nothing", async () => {
    const seen = serve(file('x.md'));
    renderViewer('/admin/emdrive/Library/file/');
    expect(await screen.findByText('Missing drive name or file path')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it("shows 'Failed to load file: …' with the server's error", async () => {
    stubFetch(() => json(404, { status: 'error', error: 'Unknown file "gone.md"' }));
    renderViewer('/admin/emdrive/Library/file/gone.md');
    expect(await screen.findByText('Failed to load file: Unknown file "gone.md"')).toBeTruthy();
  });
});
