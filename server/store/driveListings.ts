import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { cleanTags, type FileRow, type ListOptions, type SortBy } from './driveRows';
import type { Queries } from './kysely';

/** The derived table of migration 28 (not in schema.ts, like the full-text tables). */
type RevisionTables = {
  drive_listing_revisions: { drive_id: string; revision: number | string };
};

/** Every ANCHOR_EVERY-th row of a listing is remembered as where a deep page can start. */
export const ANCHOR_EVERY = 500;

const SORT_COLUMNS = {
  path: 'path',
  name: 'name',
  size: 'size',
  updated: 'updated_at',
} as const satisfies Record<SortBy, string>;
type SortColumn = (typeof SORT_COLUMNS)[SortBy];

/** Where the row at position `i × ANCHOR_EVERY` of a listing sits in its order. */
interface Anchor {
  /** The sort column's value (the path itself when sorting by path). */
  value: string | number;
  path: string;
}

/** What is known about one listing (drive, folder, tags, order) at one revision of its drive. */
interface Facts {
  revision: number;
  total?: number;
  anchors?: Anchor[];
}

/** The ids of the drive's files carrying every one of `tags` (case-insensitive); none: no filter. */
export function taggedIds(q: Queries, driveId: string, tags: string[] | undefined) {
  const wanted = cleanTags(tags ?? []);
  if (wanted.length === 0) return undefined;
  return q
    .selectFrom('drive_file_tags')
    .select('file_id')
    .where('drive_id', '=', driveId)
    .where('tag', 'in', wanted)
    .groupBy('file_id')
    .having((eb) => eb.fn.countAll(), '=', wanted.length);
}

/**
 * Pages of a drive's files. Counting 100,000 rows and skipping to a deep
 * offset each walk the whole index, so a listing's total and where every
 * ANCHOR_EVERY-th row sits are kept until the drive's listing revision moves
 * (triggers of migration 28: a change made on any instance of a cluster is
 * seen on the next request). A page then costs a lookup of the revision and
 * a short index range.
 */
export class DriveListings {
  private readonly known = new LRUCache<string, Facts>({ max: 1_000 });

  constructor(private readonly q: Queries) {}

  async page(driveId: string, opts: ListOptions): Promise<{ rows: FileRow[]; total: number }> {
    const prefix = opts.prefix ?? '';
    const tags = cleanTags(opts.tags ?? []);
    const column = SORT_COLUMNS[opts.sortBy ?? 'path'];
    const dir = opts.sortDir === 'desc' ? 'desc' : 'asc';
    const offset = opts.offset ?? 0;
    const limit = opts.limit ?? 50;
    const files = this.files(driveId, prefix, tags);

    const key = JSON.stringify([driveId, prefix, tags.map((t) => t.toLowerCase()), column, dir]);
    const revision = await this.revision(driveId);
    const known = this.facts(key, revision);
    let anchors = known.anchors;
    if (!anchors && offset >= ANCHOR_EVERY) {
      anchors = await this.anchorsOf(files, column, dir);
      this.remember(key, revision, { anchors });
    }
    // A deep page starts at the anchor before it and skips fewer than ANCHOR_EVERY rows.
    const at = anchors?.length
      ? Math.min(Math.floor(offset / ANCHOR_EVERY), anchors.length - 1)
      : 0;
    const from = anchors?.[at];
    const op = dir === 'asc' ? '>=' : '<=';
    const onwards = !from
      ? files
      : column === 'path'
        ? files.where('path', op, from.path)
        : files.where((eb) => eb(eb.refTuple(column, 'path'), op, eb.tuple(from.value, from.path)));
    // The page's paths first, then its rows: skipping walks the (drive_id,
    // path) index alone, where fetching every skipped row would cost
    // PostgreSQL a heap read each.
    const pagePaths = onwards
      .select('path')
      .orderBy(column, dir)
      .$if(column !== 'path', (o) => o.orderBy('path', dir))
      .limit(limit)
      .offset(from ? offset - at * ANCHOR_EVERY : offset);
    const [total, rows] = await Promise.all([
      known.total ?? this.count(files, key, revision),
      this.q
        .selectFrom('drive_files')
        .selectAll()
        .where('drive_id', '=', driveId)
        .where('path', 'in', pagePaths)
        .orderBy(column, dir)
        .$if(column !== 'path', (o) => o.orderBy('path', dir))
        .execute(),
    ]);
    return { rows, total };
  }

  /** The drive's files under `prefix` (a range on the (drive_id, path) index) carrying `tags`. */
  private files(driveId: string, prefix: string, tags: string[]) {
    const tagged = taggedIds(this.q, driveId, tags);
    return this.q
      .selectFrom('drive_files')
      .where('drive_id', '=', driveId)
      .$if(prefix !== '', (qb) =>
        qb.where('path', '>=', prefix).where('path', '<', `${prefix}\u{10FFFF}`),
      )
      .$if(tagged !== undefined, (qb) => qb.where('id', 'in', tagged!));
  }

  private async count(
    files: ReturnType<DriveListings['files']>,
    key: string,
    revision: number,
  ): Promise<number> {
    const { n } = await files
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    this.remember(key, revision, { total: Number(n) });
    return Number(n);
  }

  /** Every ANCHOR_EVERY-th row's place in the listing's order, numbered by the database. */
  private anchorsOf(
    files: ReturnType<DriveListings['files']>,
    column: SortColumn,
    dir: 'asc' | 'desc',
  ): Promise<Anchor[]> {
    const order = sql.raw(dir);
    const numbered = files.select([
      sql<string | number>`${sql.ref(column)}`.as('value'),
      'path',
      sql<number>`row_number() OVER (ORDER BY ${sql.ref(column)} ${order}, path ${order})`.as('n'),
    ]);
    return this.q
      .selectFrom(numbered.as('numbered'))
      .select(['value', 'path'])
      .where(sql<boolean>`(n - 1) % ${ANCHOR_EVERY} = 0`)
      .orderBy('n')
      .execute();
  }

  /** The drive's listing revision (0 before its first file). */
  private async revision(driveId: string): Promise<number> {
    const row = await this.q
      .withTables<RevisionTables>()
      .selectFrom('drive_listing_revisions')
      .select('revision')
      .where('drive_id', '=', driveId)
      .executeTakeFirst();
    return Number(row?.revision ?? 0);
  }

  /** What was learnt about `key` at `revision`, if nothing has changed since. */
  private facts(key: string, revision: number): Omit<Facts, 'revision'> {
    const entry = this.known.get(key);
    return entry && entry.revision === revision ? entry : {};
  }

  private remember(key: string, revision: number, facts: Omit<Facts, 'revision'>): void {
    const entry = this.known.get(key);
    const base = entry && entry.revision === revision ? entry : { revision };
    this.known.set(key, { ...base, ...facts });
  }
}
