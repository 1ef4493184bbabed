import type { DriveFile, SearchKind } from '../../protocol';
import type { DrivesRepository, FileRow, TextHit, TextQuery } from '../store/drives';
import { tagsOf } from '../store/drives';
import { semanticTextOf } from './indexer';
import { markedSnippet } from './semantic/snippet';
import type {
  DriveRow,
  SearchHit,
  SearchOutcome,
  SearchQuery,
  SemanticHit,
  SemanticIndex,
} from './types';

/** What search needs from the drive service. */
export interface SearchContext {
  repo: DrivesRepository;
  semantic: SemanticIndex;
  toDriveFile(row: FileRow, opts: { includeContent: boolean }): Promise<DriveFile>;
}

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

/** Files the semantic side weighs, and files the keyword side brings (hybrid ranking). */
const FUSION_WINDOW = 200;
const KEYWORD_WINDOW = 50;
/**
 * A file that has all the query's words (an "and" match) is lifted by up to
 * this much, the first keyword hit more than the tenth. A file with only
 * some of them is not lifted, only scored by meaning: in a paraphrase a
 * word shared by chance ("leave" my car) would lift the wrong file.
 */
const KEYWORD_LIFT = { all: 0.4, some: 0 };
/**
 * A remembered term or phrase is a few words; a longer query is a question,
 * which meaning answers better than where its words happen to occur
 * together (the eval: questions 75 % first with the lift, 85 % without).
 */
const MAX_LOOKUP_WORDS = 5;

/** The words' best full-text hits: every word if any file has them all, else any word. */
async function keywordHits(ctx: SearchContext, drive: DriveRow, query: string) {
  const words = queryWords(query);
  if (words.length === 0) return { hits: [] as TextHit[], all: false };
  const page = { offset: 0, limit: KEYWORD_WINDOW };
  const every = await ctx.repo.searchText(drive.id, { words, mode: 'and' }, page);
  if (every.hits.length > 0 || words.length === 1) return { hits: every.hits, all: true };
  return {
    hits: (await ctx.repo.searchText(drive.id, { words, mode: 'or' }, page)).hits,
    all: false,
  };
}

/**
 * Semantic search is hybrid: the semantic index ranks files by meaning
 * (its best passage), the full-text index lifts files that have the
 * query's words, so a remembered term finds its file first and a
 * paraphrase still finds what it means. Each hit shows its best passage,
 * the matching words marked.
 */
async function semanticSearch(ctx: SearchContext, drive: DriveRow, q: SearchQuery, tags: string[]) {
  const query = q.query.trim();
  if (!query) return { hits: [] as SearchHit[], total: 0 };
  const threshold = q.threshold ?? 0.25;
  const keyword = await keywordHits(ctx, drive, query);
  const found = await ctx.semantic.search({
    driveIds: [drive.id],
    query,
    threshold: 0,
    offset: 0,
    limit: FUSION_WINDOW,
    candidates: keyword.hits.map((h) => h.row.id),
  });
  const lookup = queryWords(query).length <= MAX_LOOKUP_WORDS;
  const lift = keyword.all && lookup ? KEYWORD_LIFT.all : KEYWORD_LIFT.some;
  const fused = new Map<number, { score: number; hit?: SemanticHit; text?: TextHit }>();
  for (const hit of found.hits) fused.set(hit.fileId, { score: hit.score, hit });
  keyword.hits.forEach((text, i) => {
    const had = fused.get(text.row.id) ?? { score: 0 };
    fused.set(text.row.id, { ...had, text, score: had.score + lift / (1 + i) });
  });
  // Bodies read once per search: the phrase check and the snippets want the same top files.
  const bodies = new Map<number, Promise<string | undefined>>();
  const bodyOf = (fileId: number) => {
    let body = bodies.get(fileId);
    if (!body) bodies.set(fileId, (body = ctx.repo.bodyOf(fileId)));
    return body;
  };
  await liftPhrases(bodyOf, fused, query);
  const rows = await ctx.repo.filesByIds([...fused.keys()]);
  const wanted = tags.map((t) => t.toLowerCase());
  const scored = [...fused]
    .map(([fileId, f]) => ({ ...f, row: rows.get(fileId) }))
    .filter((f): f is typeof f & { row: FileRow } => f.row?.drive_id === drive.id)
    .filter((f) => f.score > 0 && f.score >= threshold)
    .filter((f) => {
      if (wanted.length === 0) return true;
      const have = tagsOf(f.row).map((t) => t.toLowerCase());
      return wanted.every((t) => have.includes(t));
    })
    .sort((a, b) => b.score - a.score || a.row.id - b.row.id);
  const hits = await Promise.all(
    scored.slice(q.offset, q.offset + q.limit).map(async (f) => ({
      file: await ctx.toDriveFile(f.row, { includeContent: Boolean(q.includeContent) }),
      // Ranked by the whole sum; shown (and compared with the threshold) as at most 100 %.
      score: Number(Math.min(1, f.score).toFixed(4)),
      snippet: await snippetOf(await bodyOf(f.row.id), f.row, f.hit, f.text, query),
    })),
  );
  return { hits, total: scored.length };
}

/** Files near the top whose text has the query as a phrase ("dental plan", not dental … plan). */
const PHRASE_WINDOW = 20;
const PHRASE_LIFT = 0.4;

async function liftPhrases(
  bodyOf: (fileId: number) => Promise<string | undefined>,
  fused: Map<number, { score: number }>,
  query: string,
): Promise<void> {
  const words = queryWords(query);
  if (words.length < 2 || words.length > MAX_LOOKUP_WORDS) return;
  const phrase = new RegExp(
    `(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('[^\\p{L}\\p{N}]{1,3}')}(?![\\p{L}\\p{N}])`,
    'iu',
  );
  const top = [...fused].sort((a, b) => b[1].score - a[1].score).slice(0, PHRASE_WINDOW);
  for (const [fileId, f] of top) {
    const body = await bodyOf(fileId);
    if (body && phrase.test(body)) f.score += PHRASE_LIFT;
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The best passage with its matching words marked; else the keyword snippet; else the file's start. */
function snippetOf(
  body: string | undefined,
  row: FileRow,
  hit: SemanticHit | undefined,
  text: TextHit | undefined,
  query: string,
): string | undefined {
  if (hit?.passage) {
    const indexed = semanticTextOf(row, body ?? '');
    const passage = indexed.slice(hit.passage.start, hit.passage.stop);
    if (passage.trim())
      return markedSnippet(passage, [...(hit.matched ?? []), ...queryWords(query)]);
  }
  return text?.snippet ?? bodySnippet(body, row.description);
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
