import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveFile, SearchKind } from '../../../../protocol';
import { driveErrorText, useListFilesQuery, useSearchFilesQuery } from '../../drives/drivesApi';
import { isIndexing } from './IndexStateCell';

/** Files per page on the admin drive page (SPEC §9). */
export const DRIVE_FILES_PAGE_SIZE = 20;
/** How often the page asks again while a file shown is queued or being indexed. */
export const INDEXING_POLL_MS = 2000;

export interface DriveFilesView {
  files: DriveFile[];
  total: number;
  pages: number;
}

/**
 * The admin drive page's choices (search, kind, tag filter, page) and the
 * files they show. A blank search is the listing (SPEC §5); every change of
 * search, kind or tags goes back to page 1; pages outside 1..last are ignored.
 */
export function useDriveFiles(drive: string) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<SearchKind>('text');
  const [tags, setTags] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  /** The folder whose files are listed ("" for the whole drive). */
  const [folder, setFolder] = useState('');
  // While a shown file is queued or running, the page follows it (on whichever instance it runs).
  const [live, setLive] = useState(false);
  const polling = { pollingInterval: live ? INDEXING_POLL_MS : 0, skipPollingIfUnfocused: true };

  const searching = query !== '';
  const limit = DRIVE_FILES_PAGE_SIZE;
  const offset = (page - 1) * limit;
  const listing = useListFilesQuery(
    drive && !searching
      ? {
          drive,
          offset,
          limit,
          sortBy: 'path',
          sortDir: 'asc',
          ...(folder ? { pathPrefix: `${folder}/` } : {}),
          ...(tags.length ? { tags } : {}),
        }
      : skipToken,
    polling,
  );
  const search = useSearchFilesQuery(
    drive && searching
      ? { drive, kind, query, offset, limit, ...(tags.length ? { tags } : {}) }
      : skipToken,
    polling,
  );

  let view: DriveFilesView | undefined;
  if (searching && search.currentData) {
    const { results, total } = search.currentData;
    view = { files: results.map((r) => r.File), total, pages: Math.ceil(total / limit) };
  } else if (!searching && listing.currentData) {
    const { Files, TotalCount } = listing.currentData;
    view = { files: Files, total: TotalCount, pages: Math.ceil(TotalCount / limit) };
  }
  const indexing = view?.files.some(isIndexing) ?? false;
  // Adjusted while rendering (React's pattern for state derived from a previous render's data).
  if (live !== indexing) setLive(indexing);
  const active = searching ? search : listing;
  const error = !active.error
    ? null
    : searching
      ? t('Failed to search files: {{error}}', { error: driveErrorText(active.error) })
      : t('Failed to load files: {{error}}', { error: driveErrorText(active.error) });

  return {
    query,
    kind,
    tags,
    folder,
    page,
    offset,
    searching,
    view,
    // A poll while files are indexed does not flash the progress bar; a new page or search does.
    loading: active.isFetching && !(live && active.currentData),
    error,
    searched(text: string) {
      setQuery(text.trim());
      setPage(1);
    },
    kindChosen(next: SearchKind) {
      setKind(next);
      setPage(1);
    },
    tagToggled(tag: string) {
      setTags((now) => (now.includes(tag) ? now.filter((t) => t !== tag) : [...now, tag]));
      setPage(1);
    },
    tagsCleared() {
      setTags([]);
      setPage(1);
    },
    folderChosen(next: string) {
      setFolder(next);
      setPage(1);
    },
    pageChosen(next: number) {
      if (!view || next < 1 || next > Math.max(1, view.pages)) return;
      setPage(next);
    },
  };
}

export type DriveFilesState = ReturnType<typeof useDriveFiles>;
