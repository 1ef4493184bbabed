import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SearchKind, SearchResult } from '../../../../protocol';
import { baseApi } from '../../../api/baseApi';
import { readSearch } from '../../drives/drivesApi';

/** A result of the admin search (SPEC §3), its drive added here on the client. */
export interface AdminSearchResult {
  path: string;
  driveName: string;
  /** 0..1; only scored results carry it */
  score?: number;
  mimeType: string;
  updatedAt: string;
  size: number;
  tags: string[];
  snippet?: string;
  desc?: string;
}

/** What one drive answered for one page: nothing when its call failed. */
export interface DriveResults {
  drive: string;
  results: AdminSearchResult[];
  total: number;
  failed: boolean;
}

export interface CrossDriveArgs {
  drives: readonly string[];
  kind: SearchKind;
  query: string;
  offset: number;
  limit: number;
  includeContent: boolean;
  /** semantic only */
  threshold?: number;
}

export function toAdminResult(drive: string, r: SearchResult): AdminSearchResult {
  const f = r.File;
  return {
    path: f.Path,
    driveName: drive,
    ...(typeof r.Score === 'number' ? { score: r.Score } : {}),
    mimeType: f.MimeType,
    updatedAt: f.UpdatedAt,
    size: f.Size,
    tags: f.Tags,
    ...(r.Snippet ? { snippet: r.Snippet } : {}),
    ...(f.Description ? { desc: f.Description } : {}),
  };
}

type RawResult = { data?: unknown; error?: FetchBaseQueryError };
type BaseQuery = (a: FetchArgs) => RawResult | PromiseLike<RawResult>;

/**
 * One drive's page. A failed call, a status other than 'success' or a body
 * that cannot be read all give that drive no results (SPEC §8); the others
 * are unaffected.
 */
async function searchDrive(
  baseQuery: BaseQuery,
  drive: string,
  args: CrossDriveArgs,
): Promise<DriveResults> {
  const empty: DriveResults = { drive, results: [], total: 0, failed: true };
  try {
    const result = await baseQuery({
      url: `/drives/${encodeURIComponent(drive)}/search/${args.kind}`,
      method: 'POST',
      body: {
        query: args.query,
        includeContent: args.includeContent,
        offset: args.offset,
        limit: args.limit,
        ...(args.kind === 'semantic' && args.threshold !== undefined
          ? { threshold: args.threshold }
          : {}),
      },
    });
    if (result.error) return empty;
    const body = result.data as { status?: unknown } | null;
    if (!body || typeof body !== 'object' || body.status !== 'success') return empty;
    const page = readSearch(body);
    if (!page) return empty;
    return {
      drive,
      results: page.results.map((r) => toAdminResult(drive, r)),
      total: page.total,
      failed: false,
    };
  } catch {
    return empty;
  }
}

/** The Cross-Drive Search call: one request per drive, all in parallel (SPEC §7). */
export const adminSearchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchAcrossDrives: build.query<DriveResults[], CrossDriveArgs>({
      queryFn: async (args, _api, _extra, baseQuery) => ({
        data: await Promise.all(args.drives.map((d) => searchDrive(baseQuery, d, args))),
      }),
      // Each page is kept by the page itself; nothing to share between searches.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazySearchAcrossDrivesQuery } = adminSearchApi;
