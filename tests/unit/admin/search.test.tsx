import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrossDriveSearchPage } from '../../../src/features/admin/search/CrossDriveSearchPage';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';
import { adminState, deferred, file, ok, pathOf, searchBody } from './drivesFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const drive = (Name: string) => ({ Name, TotalSize: 10, FileCount: 1, Tags: [] });
const DRIVES = [drive('Library'), drive('Notes'), drive('Archive')];

interface SearchBody {
  query: string;
  offset: number;
  limit: number;
}
type Answer = (req: Request, body: SearchBody) => Response | Promise<Response>;

/** GET /api/drives and a search answer per drive. */
function server(perDrive: Record<string, Answer>) {
  return stubFetch(async (req) => {
    const p = pathOf(req);
    if (p === '/api/drives') return ok(DRIVES);
    const m = p.match(/^\/api\/drives\/([^/]+)\/search\/(\w+)$/);
    const answer = m && perDrive[decodeURIComponent(m[1]!)];
    if (answer) return answer(req, (await req.clone().json()) as SearchBody);
    return json(404, { status: 'error', error: `no route ${p}` });
  });
}

const searchesOf = (seen: Request[]) => seen.filter((r) => pathOf(r).includes('/search/'));
const bodies = (seen: Request[]) => Promise.all(searchesOf(seen).map((r) => r.clone().json()));

/** A drive of `total` results answering each page from its offset. */
const pagedDrive =
  (name: string, total: number): Answer =>
  (_req, body) => {
    const count = Math.max(0, Math.min(body.limit, total - body.offset));
    const results = Array.from({ length: count }, (_, i) => ({
      File: file(`${name.toLowerCase()}/doc-${body.offset + i}.md`),
    }));
    return searchBody(results, total);
  };

function renderSearch() {
  const view = renderWithProviders(<CrossDriveSearchPage />, {
    path: '/admin/search',
    routePath: '/admin/*',
    preloadedState: adminState(),
  });
  return view;
}

const box = () => screen.getByRole('textbox', { name: 'Search all drives' });
async function searchFor(query: string) {
  // Search waits for the drives: until they are known there is nothing to ask.
  await waitFor(() =>
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(
      false,
    ),
  );
  fireEvent.change(box(), { target: { value: query } });
  fireEvent.submit(screen.getByRole('search'));
}
/** The result cards (each card's tags are a list of their own). */
const cards = () =>
  Array.from(screen.getByRole('list', { name: 'Search results' }).children) as HTMLElement[];

// A busy machine renders these pages slowly: more than the default 5 s per test (main too).
describe('Cross-Drive Search', { timeout: 20_000 }, () => {
  it('does nothing for a blank query', async () => {
    const seen = server({});
    renderSearch();
    await screen.findByRole('button', { name: 'Search' });
    await searchFor('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('progressbar', { name: 'Searching' })).toBeNull();
    expect(searchesOf(seen)).toHaveLength(0);
  });

  it('asks every drive at once; a failed drive and a non-success status give no results', async () => {
    const held = deferred<void>();
    const seen = server({
      Library: async () => {
        await held.promise;
        return searchBody(
          [{ File: file('handbook/policy.md') }, { File: file('handbook/leave.md') }],
          2,
        );
      },
      Notes: async () => {
        await held.promise;
        return json(500, { status: 'error', error: 'index unavailable' });
      },
      Archive: async () => {
        await held.promise;
        return json(200, { status: 'error', error: 'nope' });
      },
    });
    renderSearch();
    await searchFor('  policy ');
    // All three are on the wire before any has answered: in parallel.
    await waitFor(() => expect(searchesOf(seen)).toHaveLength(3));
    expect(screen.getByRole('progressbar', { name: 'Searching' })).toBeTruthy();
    expect(searchesOf(seen).map(pathOf).sort()).toEqual([
      '/api/drives/Archive/search/text',
      '/api/drives/Library/search/text',
      '/api/drives/Notes/search/text',
    ]);
    for (const body of await bodies(seen)) {
      expect(body).toEqual({ query: 'policy', includeContent: false, offset: 0, limit: 20 });
    }
    held.resolve();
    expect(await screen.findByText('Found 2 results across 1 drive')).toBeTruthy();
    expect(cards()).toHaveLength(2);
    expect(screen.getByText('All results loaded')).toBeTruthy();
  });

  it('loads more only from the drives whose total exceeds the offset, then says all are loaded', async () => {
    const seen = server({ Library: pagedDrive('Library', 25), Notes: pagedDrive('Notes', 3) });
    renderSearch();
    fireEvent.click(await screen.findByRole('button', { name: 'Show advanced options' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Archive' }));
    await searchFor('doc');
    expect(await screen.findByText('Found 28 results across 2 drives')).toBeTruthy();
    expect(cards()).toHaveLength(23);
    expect(searchesOf(seen)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Load more results' }));
    expect(await screen.findByText('All results loaded')).toBeTruthy();
    expect(cards()).toHaveLength(28);
    const more = searchesOf(seen).slice(2);
    expect(more.map(pathOf)).toEqual(['/api/drives/Library/search/text']);
    expect(await more[0]!.clone().json()).toMatchObject({ offset: 20, limit: 20 });
    expect(screen.getByText('library/doc-24.md')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more results' })).toBeNull();
  });

  it('shows a result’s drive, relevance (capped at 100%), type label, date, size, tags and snippet', async () => {
    server({
      Library: () =>
        searchBody(
          [
            {
              File: file('reports/q3.pdf', {
                MimeType: 'application/pdf',
                Size: 1536,
                Tags: ['finance', 'q3'],
                Description: 'Quarterly numbers',
              }),
              Score: 1.37,
            },
            {
              File: file('notes/plan.md', { Description: 'The plan' }),
              Score: 0.874,
              Snippet: 'ship «it» soon',
            },
          ],
          2,
        ),
    });
    const { router } = renderSearch();
    fireEvent.click(await screen.findByRole('radio', { name: 'Semantic' }));
    await searchFor('numbers');
    await screen.findByText('Found 2 results across 1 drive');
    const [pdf, md] = cards();
    expect(within(pdf!).getByText('reports/q3.pdf')).toBeTruthy();
    expect(within(pdf!).getByText('Library')).toBeTruthy();
    expect(within(pdf!).getByText('100%')).toBeTruthy();
    expect(
      within(pdf!).getByRole('progressbar', { name: 'Relevance' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    expect(within(pdf!).getByText('PDF document')).toBeTruthy();
    expect(pdf!.textContent).toContain('application/pdf · Updated 11/22/2026 · 1.5 KB');
    expect(within(pdf!).getByText('finance')).toBeTruthy();
    expect(within(pdf!).getByText('Quarterly numbers')).toBeTruthy();

    expect(within(md!).getByText('87%')).toBeTruthy();
    expect(within(md!).getByText('Markdown document')).toBeTruthy();
    expect(within(md!).getByText('it').tagName).toBe('MARK');
    expect(within(md!).queryByText('The plan')).toBeNull();

    fireEvent.click(within(md!).getByRole('button', { name: 'Open notes/plan.md' }));
    expect(router.state.location.pathname).toBe('/admin/emdrive/Library/file/notes/plan.md');
  });

  it('says \'No results found for "{query}"\' when nothing matches', async () => {
    const empty: Answer = () => searchBody([], 0);
    server({ Library: empty, Notes: empty, Archive: empty });
    renderSearch();
    await searchFor('zebra');
    expect(await screen.findByText('No results found for "zebra"')).toBeTruthy();
  });

  it('sends the advanced options: chosen drives, type, content and the threshold as a percentage', async () => {
    const empty: Answer = () => searchBody([], 0);
    const seen = server({ Library: empty, Notes: empty, Archive: empty });
    renderSearch();
    fireEvent.click(await screen.findByRole('button', { name: 'Show advanced options' }));
    const options = screen.getByRole('region', { name: 'Advanced options' });
    const all = (await within(options).findByRole('checkbox', {
      name: 'Select All',
    })) as HTMLInputElement;
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(all.checked).toBe(false);
    fireEvent.click(within(options).getByRole('checkbox', { name: 'Notes' }));
    expect(all.getAttribute('data-indeterminate')).toBe('true');

    fireEvent.mouseDown(within(options).getByRole('combobox', { name: 'Search type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Semantic' }));
    expect((screen.getByRole('radio', { name: 'Semantic' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(
      within(options).getByRole('checkbox', { name: 'Include file content in results' }),
    );
    expect(within(options).getByText('Similarity threshold: 25%')).toBeTruthy();
    const slider = within(options).getByRole('slider');
    expect(slider.getAttribute('step')).toBe('0.05');
    fireEvent.change(slider, { target: { value: '0.6' } });
    expect(within(options).getByText('Similarity threshold: 60%')).toBeTruthy();

    fireEvent.change(box(), { target: { value: 'meaning' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByText('No results found for "meaning"');
    expect(searchesOf(seen).map(pathOf)).toEqual(['/api/drives/Notes/search/semantic']);
    expect((await bodies(seen))[0]).toEqual({
      query: 'meaning',
      includeContent: true,
      offset: 0,
      limit: 20,
      threshold: 0.6,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Hide advanced options' }));
    expect(screen.queryByRole('region', { name: 'Advanced options' })).toBeNull();
  });

  it('shows the 403 message to someone who is not an admin of the world', () => {
    const seen = server({});
    renderWithProviders(<CrossDriveSearchPage />, {
      path: '/admin/search',
      preloadedState: adminState(false),
    });
    expect(screen.getByText(/403 — Administrators of this world only/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Search all drives' })).toBeNull();
    expect(seen).toHaveLength(0);
  });
});
