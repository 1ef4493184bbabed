import { useReducer, useRef } from 'react';
import type { SearchKind } from '../../../../protocol';
import {
  useLazySearchAcrossDrivesQuery,
  type AdminSearchResult,
  type CrossDriveArgs,
  type DriveResults,
} from './adminSearchApi';

/** Results per page of the admin search (SPEC §9). */
export const ADMIN_SEARCH_PAGE_SIZE = 20;

export interface SearchParams {
  query: string;
  kind: SearchKind;
  drives: readonly string[];
  includeContent: boolean;
  threshold: number;
}

export interface SearchState {
  status: 'idle' | 'searching' | 'results';
  params: SearchParams | null;
  results: AdminSearchResult[];
  /** per drive: how many results it has, and how many of them are shown */
  totals: Record<string, number>;
  loaded: Record<string, number>;
  /** pages fetched so far */
  page: number;
  loadingMore: boolean;
}

const IDLE: SearchState = {
  status: 'idle',
  params: null,
  results: [],
  totals: {},
  loaded: {},
  page: 0,
  loadingMore: false,
};

type Event =
  | { type: 'searchStarted'; params: SearchParams }
  | { type: 'moreStarted' }
  | { type: 'pageArrived'; offset: number; pages: DriveResults[] };

/** Scored results best first within a page; unscored ones keep the drives' order. */
function byScore(results: AdminSearchResult[]): AdminSearchResult[] {
  if (!results.some((r) => r.score !== undefined)) return results;
  return [...results].sort((a, b) => (b.score ?? -1) - (a.score ?? -1));
}

export function searchReducer(state: SearchState, event: Event): SearchState {
  switch (event.type) {
    case 'searchStarted':
      return { ...IDLE, status: 'searching', params: event.params };
    case 'moreStarted':
      return { ...state, loadingMore: true };
    case 'pageArrived': {
      const totals = { ...state.totals };
      const loaded = { ...state.loaded };
      const fresh: AdminSearchResult[] = [];
      for (const p of event.pages) {
        const shown = (loaded[p.drive] ?? 0) + p.results.length;
        loaded[p.drive] = shown;
        // A drive that fails, or runs dry before its total, has given all it will give.
        const dry = event.offset > 0 && (p.failed || p.results.length === 0);
        totals[p.drive] = dry ? shown : p.failed ? 0 : Math.max(p.total, shown);
        fresh.push(...p.results);
      }
      return {
        ...state,
        status: 'results',
        results: [...state.results, ...byScore(fresh)],
        totals,
        loaded,
        page: state.page + 1,
        loadingMore: false,
      };
    }
  }
}

/** All results of the search, summed over the drives. */
export const totalOf = (s: SearchState): number =>
  Object.values(s.totals).reduce((sum, n) => sum + n, 0);

/** Drives with at least one result. */
export const drivesWithResults = (s: SearchState): number =>
  Object.values(s.totals).filter((n) => n > 0).length;

/**
 * The Cross-Drive Search (SPEC §4 "Admin search"): idle, searching, results.
 * A search asks every chosen drive at once; 'load more' asks for the next
 * page only the drives whose total exceeds the new offset. An answer to an
 * older search is dropped.
 */
export function useCrossDriveSearch() {
  const [state, dispatch] = useReducer(searchReducer, IDLE);
  const [trigger] = useLazySearchAcrossDrivesQuery();
  const generation = useRef(0);

  async function fetchPage(args: CrossDriveArgs): Promise<DriveResults[]> {
    try {
      return await trigger(args).unwrap();
    } catch {
      return args.drives.map((drive) => ({ drive, results: [], total: 0, failed: true }));
    }
  }

  const argsFor = (params: SearchParams, drives: readonly string[], offset: number) => ({
    drives,
    kind: params.kind,
    query: params.query,
    offset,
    limit: ADMIN_SEARCH_PAGE_SIZE,
    includeContent: params.includeContent,
    ...(params.kind === 'semantic' ? { threshold: params.threshold } : {}),
  });

  return {
    state,
    total: totalOf(state),
    hasMore: state.status === 'results' && state.results.length < totalOf(state),
    /** Does nothing for a blank query or no drives (SPEC §5). */
    async search(params: SearchParams) {
      const query = params.query.trim();
      if (!query || params.drives.length === 0) return;
      const mine = ++generation.current;
      const clean = { ...params, query };
      dispatch({ type: 'searchStarted', params: clean });
      const pages = await fetchPage(argsFor(clean, clean.drives, 0));
      if (mine === generation.current) dispatch({ type: 'pageArrived', offset: 0, pages });
    },
    async loadMore() {
      const { params } = state;
      if (!params || state.loadingMore || state.status !== 'results') return;
      const offset = state.page * ADMIN_SEARCH_PAGE_SIZE;
      const drives = params.drives.filter((d) => (state.totals[d] ?? 0) > offset);
      if (drives.length === 0) return;
      const mine = generation.current;
      dispatch({ type: 'moreStarted' });
      const pages = await fetchPage(argsFor(params, drives, offset));
      if (mine === generation.current) dispatch({ type: 'pageArrived', offset, pages });
    },
  };
}
