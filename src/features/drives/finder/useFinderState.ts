import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { driveErrorText, useListFilesQuery, useSearchFilesQuery } from '../drivesApi';
import type { FilePage } from './FileColumn';

/** Files per page in the finder (SPEC §9). */
export const FINDER_PAGE_SIZE = 50;
/** Typing settles this long before a search runs (SPEC §5). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Words: full-text search as you type; meaning: semantic (hybrid) search. */
export type FinderSearchMode = 'text' | 'semantic';

/**
 * The finder's choices (drive, search, mode, page, file) and the files they show.
 * Picking a drive goes to page 1 and lists its files or re-runs the search;
 * a blank search returns to the listing at once; typing searches after 300 ms.
 */
export function useFinderState(firstDrive: string | null) {
  const [picked, setPicked] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<FinderSearchMode>('text');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Until the user picks one, the first drive is shown.
  const drive = picked ?? firstDrive;
  const searching = query !== '';
  const offset = (page - 1) * FINDER_PAGE_SIZE;
  const limit = FINDER_PAGE_SIZE;

  const listing = useListFilesQuery(
    drive && !searching ? { drive, offset, limit, sortBy: 'path', sortDir: 'asc' } : skipToken,
  );
  const search = useSearchFilesQuery(
    drive && searching ? { drive, kind: mode, query, offset, limit } : skipToken,
  );

  const active = searching ? search : listing;
  let data: FilePage | undefined;
  if (searching && search.currentData) {
    const { results, total } = search.currentData;
    data = { rows: results, total, pages: Math.ceil(total / limit) };
  } else if (!searching && listing.currentData) {
    const { Files, TotalCount, PageCount } = listing.currentData;
    data = {
      rows: Files.map((f) => ({ File: f })),
      total: TotalCount,
      pages: PageCount || Math.ceil(TotalCount / limit),
    };
  }

  /** A new query, mode or drive starts at page 1 with no file picked. */
  const restart = () => {
    setPage(1);
    setSelected(null);
  };
  const settle = (q: string) => {
    setQuery(q);
    restart();
  };

  return {
    drive,
    input,
    mode,
    searching,
    page,
    selected,
    uploading,
    files: {
      data,
      loading: active.isFetching,
      error: active.error ? driveErrorText(active.error) : null,
    },
    typed(value: string) {
      setInput(value);
      clearTimeout(timer.current);
      const q = value.trim();
      if (!q) settle('');
      else timer.current = setTimeout(() => settle(q), SEARCH_DEBOUNCE_MS);
    },
    modeChosen(next: FinderSearchMode) {
      setMode(next);
      restart();
    },
    drivePicked(name: string) {
      setPicked(name);
      restart();
    },
    filePicked: (path: string) => setSelected(path),
    /** The picked file moved or was deleted. */
    selectionCleared: () => setSelected(null),
    pageChosen(next: number) {
      // Pages outside 1..last are ignored (SPEC §5).
      if (!data || next < 1 || next > Math.max(1, data.pages)) return;
      setPage(next);
      setSelected(null);
    },
    uploadOpened: () => setUploading(true),
    uploadClosed: () => setUploading(false),
  };
}
