import type { DriveFile, SearchKind } from '../../protocol';
import type { DrivesRepository, FileRow, TextHit, TextQuery } from '../store/drives';
import { tagsOf } from '../store/drives';
import type { DriveRow, SearchHit, SearchOutcome, SearchQuery, SemanticIndex } from './types';

/** What search needs from the drive service. */
export interface SearchContext {
  repo: DrivesRepository;
  semantic: SemanticIndex;
  toDriveFile(row: FileRow, opts: { includeContent: boolean }): Promise<DriveFile>;
}

/** Semantic results fetched before filtering by tags. */
const SEMANTIC_TAG_WINDOW = 1000;

/** The words of a query (letters, digits, underscore), at most 32. */
export function queryWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 32);
}

/** The terms of a tag search: comma-separated when there are commas, else words. */
export function tagTerms(text: string): string[] {
  const parts = text.includes(',') ? text.split(',') : text.split(/\s+/);
  return parts.map((t) => t.trim()).filter(Boolean);
}

export function parseTags(tags: string[] | string | undefined): string[] {
  if (tags === undefined) return [];
  const list = Array.isArray(tags) ? tags : tags.split(',');
  return list.map((t) => t.trim()).filter(Boolean);
}

/** bm25 is "lower is better" and unbounded; map it into 0..1, higher is better. */
function relevance(rank: number): number {
  const r = Math.max(0, -rank);
  return Number((r / (1 + r)).toFixed(4));
}

function tagSnippet(row: FileRow, terms: string[], wanted: string[]): string {
  const lower = [...terms, ...wanted].map((t) => t.toLowerCase());
  const marked = tagsOf(row).map((tag) =>
    lower.some((t) => tag.toLowerCase().includes(t)) ? `«${tag}»` : tag,
  );
  return `Tags: ${marked.join(', ')}`;
}

function bodySnippet(body: string | undefined, description: string | null): string | undefined {
  const text = (body || description || '').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

async function textSearch(ctx: SearchContext, drive: DriveRow, q: SearchQuery, tags: string[]) {
  const words = queryWords(q.query);
  if (words.length === 0) {
    if (tags.length === 0) return { hits: [] as SearchHit[], total: 0 };
    const listed = await ctx.repo.listFiles(drive.id, { tags, offset: q.offset, limit: q.limit });
    const hits = await Promise.all(
      listed.rows.map(async (row) => ({
        file: await ctx.toDriveFile(row, { includeContent: Boolean(q.includeContent) }),
      })),
    );
    return { hits, total: listed.total };
  }
  const page = { tags, offset: q.offset, limit: q.limit };
  // Every word; else every word with the last one as a prefix (a word still being
  // typed; prefix scans are slow, so only then); else any word. All ranked by relevance.
  const attempts: TextQuery[] = [{ words, mode: 'and' }];
  if (words.at(-1)!.length >= 3) attempts.push({ words, mode: 'and', prefix: true });
  if (words.length > 1) attempts.push({ words, mode: 'or' });
  let found = { hits: [] as TextHit[], total: 0 };
  for (const query of attempts) {
    found = await ctx.repo.searchText(drive.id, query, page);
    if (found.total > 0) break;
  }
  const hits = await Promise.all(
    found.hits.map(async (h) => ({
      file: await ctx.toDriveFile(h.row, { includeContent: Boolean(q.includeContent) }),
      score: relevance(h.rank),
      snippet: h.snippet,
    })),
  );
  return { hits, total: found.total };
}

async function tagSearch(ctx: SearchContext, drive: DriveRow, q: SearchQuery, tags: string[]) {
  const terms = tagTerms(q.query);
  const found = await ctx.repo.searchTags(drive.id, {
    tags,
    terms,
    offset: q.offset,
    limit: q.limit,
  });
  const hits = await Promise.all(
    found.rows.map(async (row) => ({
      file: await ctx.toDriveFile(row, { includeContent: Boolean(q.includeContent) }),
      snippet: tagSnippet(row, terms, tags),
    })),
  );
  return { hits, total: found.total };
}

async function semanticSearch(ctx: SearchContext, drive: DriveRow, q: SearchQuery, tags: string[]) {
  if (!q.query.trim()) return { hits: [] as SearchHit[], total: 0 };
  const threshold = q.threshold ?? 0.25;
  const filtered = tags.length > 0;
  const found = await ctx.semantic.search({
    driveIds: [drive.id],
    query: q.query,
    threshold,
    offset: filtered ? 0 : q.offset,
    limit: filtered ? SEMANTIC_TAG_WINDOW : q.limit,
  });
  const rows = await ctx.repo.filesByIds(found.hits.map((h) => h.fileId));
  const wanted = tags.map((t) => t.toLowerCase());
  let scored = found.hits
    .filter((h) => h.score >= threshold)
    .map((h) => ({ row: rows.get(h.fileId), score: h.score }))
    .filter((h): h is { row: FileRow; score: number } => h.row?.drive_id === drive.id);
  let total = found.total;
  if (filtered) {
    scored = scored.filter((h) => {
      const have = tagsOf(h.row).map((t) => t.toLowerCase());
      return wanted.every((t) => have.includes(t));
    });
    total = scored.length;
    scored = scored.slice(q.offset, q.offset + q.limit);
  }
  const hits = await Promise.all(
    scored.map(async ({ row, score }) => ({
      file: await ctx.toDriveFile(row, { includeContent: Boolean(q.includeContent) }),
      score: Number(Math.min(1, Math.max(0, score)).toFixed(4)),
      snippet: bodySnippet(await ctx.repo.bodyOf(row.id), row.description),
    })),
  );
  return { hits, total };
}

/** One search over one drive (SPEC §5 search rules, §7 POST /api/drives/{drive}/search/{kind}). */
export async function runSearch(
  ctx: SearchContext,
  drive: DriveRow,
  kind: SearchKind,
  q: SearchQuery,
): Promise<SearchOutcome> {
  const started = performance.now();
  const tags = parseTags(q.tags);
  const run = kind === 'text' ? textSearch : kind === 'tags' ? tagSearch : semanticSearch;
  const { hits, total } = await run(ctx, drive, q, tags);
  return { hits, total, durationMs: Math.round((performance.now() - started) * 100) / 100 };
}
