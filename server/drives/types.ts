import type { DriveFile, SearchKind } from '../../protocol';
import type { DriveRow } from '../store/driveRows';

export type { DriveRow };

export interface SearchQuery {
  query: string;
  tags?: string[];
  includeContent?: boolean;
  offset: number;
  limit: number;
  /** semantic only: results scoring below are left out (0..1) */
  threshold?: number;
}

export interface SearchHit {
  file: DriveFile;
  /** 0..1 for semantic search; a rank-derived relevance for text search */
  score?: number;
  /** A short passage around the match, plain text with the matched words marked «like this». */
  snippet?: string;
}

export interface SearchOutcome {
  hits: SearchHit[];
  total: number;
  durationMs: number;
}

/**
 * Everything the rest of the server (REST routes, the meeting's document
 * search tool, the admin pages) needs from drives. Implemented by
 * server/drives/driveService.ts.
 */
export interface DriveService {
  drivesOf(worldId: string, opts?: { includeAppDrives?: boolean }): Promise<DriveRow[]>;
  driveByName(worldId: string, name: string): Promise<DriveRow | undefined>;
  search(drive: DriveRow, kind: SearchKind, q: SearchQuery): Promise<SearchOutcome>;
  /** Plain text of a file (extracted at upload), or undefined when it has none. */
  textOf(drive: DriveRow, path: string): Promise<string | undefined>;
  /** The files attached to a workspace that still exist (the librarian looks there first). */
  workspaceFiles?(workspaceId: string): Promise<{ drive: DriveRow; file: { path: string } }[]>;
}

/** One file's text as the semantic index receives it. */
export interface IndexedText {
  fileId: number;
  driveId: string;
  text: string;
}

/** Where a hit's best passage sits in the file's indexed text, and the heading above it. */
export interface PassagePlace {
  start: number;
  stop: number;
  heading: string;
}

export interface SemanticHit {
  fileId: number;
  /** 0..1 */
  score: number;
  /** The passage that matched best. */
  passage?: PassagePlace;
  /** Words of that passage that matched the query, by spelling or meaning (for highlighting). */
  matched?: string[];
}

export interface SemanticSearch {
  driveIds: string[];
  query: string;
  limit: number;
  offset: number;
  threshold: number;
  /** Files found by their words (full-text search), scored even when their meaning ranks them low. */
  candidates?: number[];
}

/**
 * Meaning-based search over file text (issues 6 and 18). The embedded
 * default needs no model and no network; an OpenAI-compatible embeddings
 * endpoint can replace it. Scores are in 0..1.
 */
export interface SemanticIndex {
  readonly name: string;
  /** Adds or replaces a file's text. May be slow (runs in the background indexer). */
  upsert(doc: IndexedText): Promise<void>;
  remove(fileId: number): Promise<void>;
  /**
   * Reads one file's vectors again from the store, where another instance
   * has just written (or removed) them; an index that keeps nothing in
   * memory has nothing to do.
   */
  refresh?(fileId: number): Promise<void>;
  search(q: SemanticSearch): Promise<{ hits: SemanticHit[]; total: number }>;
}
