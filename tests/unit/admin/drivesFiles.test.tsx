import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriveFile } from '../../../protocol';
import { DriveFilesPage } from '../../../src/features/admin/drives/DriveFilesPage';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';
import { adminState, file, ok, paramsOf, pathOf, searchBody } from './drivesFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DRIVE = {
  Name: 'Library',
  TotalSize: 99_000,
  FileCount: 45,
  Tags: [
    { Name: 'policy', Count: 12 },
    { Name: 'people', Count: 3 },
  ],
};

/** 45 files; policy on every third, people on every fifteenth. */
const ALL: DriveFile[] = Array.from({ length: 45 }, (_, i) =>
  file(`docs/f${String(i).padStart(2, '0')}.md`, {
    Tags: [...(i % 3 === 0 ? ['policy'] : []), ...(i % 15 === 0 ? ['people'] : [])],
  }),
);

function server(
  overrides: {
    files?: (req: Request) => Response | undefined;
    reindex?: (req: Request) => Response;
  } = {},
) {
  return stubFetch(async (req) => {
    const p = pathOf(req);
    if (p === '/api/drives') return ok([DRIVE]);
    if (overrides.reindex && p.startsWith('/api/drives/Library/reindex/') && req.method === 'POST')
      return overrides.reindex(req);
    if (p === '/api/drives/Library/files') {
      const custom = overrides.files?.(req);
      if (custom) return custom;
      const q = paramsOf(req);
      const tags = q.get('tags')?.split(',') ?? [];
      const matching = ALL.filter((f) => tags.every((t) => f.Tags.includes(t)));
      const offset = Number(q.get('offset'));
      const limit = Number(q.get('limit'));
      return ok({
        data: {
          Files: matching.slice(offset, offset + limit),
          TotalCount: matching.length,
          PageCount: Math.ceil(matching.length / limit),
        },
      });
    }
    const search = p.match(/^\/api\/drives\/Library\/search\/(\w+)$/);
    if (search) {
      return searchBody(
        [{ File: file(`found-by-${search[1]}.md`, { Tags: ['a', 'b', 'c', 'd', 'e'] }) }],
        1,
      );
    }
    return json(404, { status: 'error', error: `no route ${p}` });
  });
}

function renderPage(path = '/admin/emdrive/Library') {
  return renderWithProviders(<DriveFilesPage />, {
    path,
    // The file viewer's address matches too, so opening a row leaves the page in place.
    routePath: '/admin/emdrive/:driveName/*',
    preloadedState: adminState(),
  });
}

const listings = (seen: Request[]) =>
  seen.filter((r) => pathOf(r) === '/api/drives/Library/files').map(paramsOf);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const pager = () => screen.getByRole('navigation', { name: 'Pages' });

// A busy machine renders these pages slowly: more than the default 5 s per test (main too).
describe('Drive files page: table and pager', { timeout: 20_000 }, () => {
  it('pages by 20 with “Showing x to y of z results”; Previous disabled on page 1, Next on the last', async () => {
    const seen = server();
    renderPage();
    expect(await screen.findByText('docs/f00.md')).toBeTruthy();
    expect(within(pager()).getByText('Showing 1 to 20 of 45 results')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(screen.getAllByRole('row')).toHaveLength(21); // header + 20

    fireEvent.click(button('Next'));
    expect(await screen.findByText('docs/f20.md')).toBeTruthy();
    expect(within(pager()).getByText('Showing 21 to 40 of 45 results')).toBeTruthy();
    fireEvent.click(button('Next'));
    expect(await screen.findByText('docs/f44.md')).toBeTruthy();
    expect(within(pager()).getByText('Showing 41 to 45 of 45 results')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);
    fireEvent.click(button('Previous'));
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeTruthy();

    const first = listings(seen)[0]!;
    expect(first.get('limit')).toBe('20');
    expect(first.get('sortBy')).toBe('path');
    expect(listings(seen).map((q) => q.get('offset'))).toEqual(['0', '20', '40']);
  });

  it('shows each row’s path, type or “Folder”, size, three tags and “+N”, date and a download link', async () => {
    server({
      files: () =>
        ok({
          data: {
            Files: [
              file('docs', { IsFolder: true, MimeType: 'inode/directory' }),
              file('docs/plan.md', { Tags: ['a', 'b', 'c', 'd', 'e'], Size: 1536 }),
            ],
            TotalCount: 2,
          },
        }),
    });
    const { router } = renderPage();
    const row = (await screen.findByText('docs/plan.md')).closest('tr')!;
    // An administrator's table starts with a selection column.
    const cells = within(row).getAllByRole('cell').slice(1);
    expect(cells[1]!.textContent).toBe('text/markdown');
    expect(cells[2]!.textContent).toBe('1.5 KB');
    expect(
      within(cells[3]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a', 'b', 'c', '+2']);
    expect(cells[4]!.textContent).toBe('11/22/2026');
    expect(
      within(row).getByRole('link', { name: 'Download docs/plan.md' }).getAttribute('href'),
    ).toBe('/api/drives/Library/files/docs/plan.md?download=true&worldId=innovation-lab');

    const folder = screen.getByText('docs').closest('tr')!;
    expect(within(folder).getAllByRole('cell')[2]!.textContent).toBe('Folder');
    expect(within(folder).queryByRole('link')).toBeNull();

    fireEvent.click(cells[0]!);
    expect(router.state.location.pathname).toBe('/admin/emdrive/Library/file/docs/plan.md');
  });

  it('says “No files found” with a hint for an empty drive, and shows no pager', async () => {
    server({ files: () => ok({ data: { Files: [], TotalCount: 0 } }) });
    renderPage();
    expect(await screen.findByText('No files found')).toBeTruthy();
    expect(screen.getByText(/This drive has no files yet/)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("shows 'Failed to load files: …' with the server's error", async () => {
    server({ files: () => json(404, { status: 'error', error: 'Unknown drive "Library"' }) });
    renderPage();
    expect(await screen.findByText('Failed to load files: Unknown drive "Library"')).toBeTruthy();
  });
});

// A busy machine renders these pages slowly: more than the default 5 s per test (main too).
describe('Drive files page: tag filter', { timeout: 20_000 }, () => {
  it('lists the drive’s tags as chips; toggling filters the listing from page 1', async () => {
    const seen = server();
    renderPage();
    await screen.findByText('docs/f00.md');
    fireEvent.click(button('Next'));
    await screen.findByText('Showing 21 to 40 of 45 results');

    const filter = await screen.findByRole('group', { name: 'Filter by tag' });
    const policy = within(filter).getByRole('button', { name: 'policy' });
    expect(policy.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(policy);
    expect(await screen.findByText('Showing 1 to 15 of 15 results')).toBeTruthy();
    expect(policy.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('docs/f01.md')).toBeNull();
    expect(listings(seen).at(-1)!.get('tags')).toBe('policy');
    expect(listings(seen).at(-1)!.get('offset')).toBe('0');

    fireEvent.click(within(filter).getByRole('button', { name: 'people' }));
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeTruthy();
    expect(listings(seen).at(-1)!.get('tags')).toBe('policy,people');

    fireEvent.click(within(filter).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 1 to 20 of 45 results')).toBeTruthy();
  });

  it('gives a hint when the filters match nothing', async () => {
    server({
      files: (req) =>
        paramsOf(req).get('tags') ? ok({ data: { Files: [], TotalCount: 0 } }) : undefined,
    });
    renderPage();
    await screen.findByText('docs/f00.md');
    fireEvent.click(await screen.findByRole('button', { name: 'people' }));
    expect(await screen.findByText('No files found')).toBeTruthy();
    expect(screen.getByText('Try another search or clear the tag filters.')).toBeTruthy();
  });
});

// A busy machine renders these pages slowly: more than the default 5 s per test (main too).
describe('Drive files page: search', { timeout: 20_000 }, () => {
  const searchBox = () => screen.getByRole('textbox', { name: 'Search files' });
  const searches = (seen: Request[]) => seen.filter((r) => pathOf(r).includes('/search/'));

  async function chooseKind(label: string) {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Search type' }));
    fireEvent.click(await screen.findByRole('option', { name: label }));
  }

  it('searches on Enter; the type select switches the endpoint; a cleared box lists again', async () => {
    const seen = server();
    renderPage();
    await screen.findByText('docs/f00.md');

    fireEvent.change(searchBox(), { target: { value: '  plan ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('found-by-text.md')).toBeTruthy();
    const [text] = searches(seen);
    expect(pathOf(text!)).toBe('/api/drives/Library/search/text');
    expect(text!.method).toBe('POST');
    expect(await text!.clone().json()).toMatchObject({ query: 'plan', offset: 0, limit: 20 });
    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeTruthy();

    await chooseKind('Semantic');
    expect(await screen.findByText('found-by-semantic.md')).toBeTruthy();
    await chooseKind('Tag');
    expect(await screen.findByText('found-by-tags.md')).toBeTruthy();
    expect(searches(seen).map(pathOf)).toEqual([
      '/api/drives/Library/search/text',
      '/api/drives/Library/search/semantic',
      '/api/drives/Library/search/tags',
    ]);

    fireEvent.change(searchBox(), { target: { value: '' } });
    expect(await screen.findByText('docs/f00.md')).toBeTruthy();
    expect(searches(seen)).toHaveLength(3);
  });

  it('a blank search does not search and keeps the listing; the tag filter goes with a search', async () => {
    const seen = server();
    renderPage();
    await screen.findByText('docs/f00.md');
    fireEvent.change(searchBox(), { target: { value: '   ' } });
    fireEvent.click(button('Search'));
    await waitFor(() => expect(screen.getByText('docs/f00.md')).toBeTruthy());
    expect(searches(seen)).toHaveLength(0);

    fireEvent.click(await screen.findByRole('button', { name: 'policy' }));
    await screen.findByText('Showing 1 to 15 of 15 results');
    fireEvent.change(searchBox(), { target: { value: 'plan' } });
    fireEvent.click(button('Search'));
    await screen.findByText('found-by-text.md');
    expect(await searches(seen)[0]!.clone().json()).toMatchObject({
      query: 'plan',
      tags: ['policy'],
    });
  });
});

// A busy machine renders these pages slowly: more than the default 5 s per test (main too).
describe('Drive files page: indexing', { timeout: 20_000 }, () => {
  it('shows each file’s indexing, a failure’s reason, and retries a failed file', async () => {
    let failed = true;
    const seen = server({
      files: () =>
        ok({
          data: {
            Files: [
              file('a/queued.md', { IndexState: 'queued' }),
              file('a/running.pdf', { IndexState: 'running' }),
              file('a/failed.pdf', {
                IndexState: failed ? 'failed' : 'queued',
                ...(failed ? { IndexError: 'Indexing failed: the blob is missing' } : {}),
              }),
              file('a/indexed.md', { IndexState: 'indexed' }),
            ],
            TotalCount: 4,
            PageCount: 1,
          },
        }),
      reindex: () => {
        failed = false;
        return ok(file('a/failed.pdf', { IndexState: 'queued' }));
      },
    });
    renderPage();
    expect(await screen.findByRole('columnheader', { name: 'Indexing' })).toBeTruthy();
    for (const [path, state] of [
      ['a/queued.md', 'Queued'],
      ['a/running.pdf', 'Running'],
      ['a/failed.pdf', 'Failed'],
      ['a/indexed.md', 'Indexed'],
    ]) {
      expect(screen.getByLabelText(`Indexing of ${path}: ${state}`)).toBeTruthy();
    }
    expect(screen.getByText('Indexing failed: the blob is missing')).toBeTruthy();
    // Only a failed file offers a retry.
    expect(screen.getAllByRole('button', { name: /^Retry indexing / })).toHaveLength(1);

    const listed = listings(seen).length;
    fireEvent.click(button('Retry indexing a/failed.pdf'));
    expect(await screen.findByLabelText('Indexing of a/failed.pdf: Queued')).toBeTruthy();
    expect(seen.some((r) => pathOf(r) === '/api/drives/Library/reindex/a/failed.pdf')).toBe(true);
    // The list is asked again after the retry, not the row patched by hand.
    expect(listings(seen).length).toBeGreaterThan(listed);
    expect(screen.queryByText('Indexing failed: the blob is missing')).toBeNull();
  });
});
