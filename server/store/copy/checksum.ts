import { createHash } from 'node:crypto';

/** A value as both dialects' rows normalise to it: JSON null, number, string, or bytes. */
type Canonical = null | number | string | { bytes: string };

/**
 * One column value the same on both stores: integers whether SQLite's INTEGER
 * or PostgreSQL's BIGINT (read as numbers), text whether TEXT or CITEXT,
 * booleans as 1/0 (SQLite has no other), bytes as base64. Anything else is
 * not a value these schemas hold, so it fails loudly rather than compare
 * unequal (or worse, equal) by accident.
 */
export function canonicalValue(value: unknown, where: string): Canonical {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : `${value}`;
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('base64') };
  throw new TypeError(
    `Cannot compare the value of ${where}: ${Object.prototype.toString.call(value)}`,
  );
}

/** The row as canonical JSON over `columns` (the same sorted list on both sides). */
export function canonicalRow(
  row: Record<string, unknown>,
  columns: readonly string[],
  table: string,
): string {
  return JSON.stringify(columns.map((c) => [c, canonicalValue(row[c], `${table}.${c}`)]));
}

const MOD = 1n << 256n;

/**
 * A table's row count and checksum, the same whatever order its rows are
 * read in: the sum of each row's SHA-256 modulo 2^256. SQLite is read in
 * rowid order and PostgreSQL by primary key, and the two order text
 * differently (collations, CITEXT against NOCASE), so an order-dependent
 * hash would differ on equal tables. Any changed, missing or extra row
 * changes the sum (short of a SHA-256 coincidence).
 */
export class TableChecksum {
  rows = 0;
  private sum = 0n;

  constructor(
    readonly table: string,
    /** Compared columns, sorted; the same list for both stores. */
    readonly columns: readonly string[],
  ) {}

  add(row: Record<string, unknown>): void {
    const digest = createHash('sha256').update(canonicalRow(row, this.columns, this.table));
    this.sum = (this.sum + BigInt(`0x${digest.digest('hex')}`)) % MOD;
    this.rows++;
  }

  /** SHA-256 (hex) of the count and the sum. */
  get checksum(): string {
    return createHash('sha256')
      .update(`${this.table}:${this.rows}:${this.sum.toString(16)}`)
      .digest('hex');
  }
}

/** One table on both stores. */
export interface TableComparison {
  table: string;
  source: { rows: number; checksum: string };
  target: { rows: number; checksum: string };
  same: boolean;
}

export function compareTables(source: TableChecksum, target: TableChecksum): TableComparison {
  const s = { rows: source.rows, checksum: source.checksum };
  const t = { rows: target.rows, checksum: target.checksum };
  return {
    table: source.table,
    source: s,
    target: t,
    same: s.rows === t.rows && s.checksum === t.checksum,
  };
}
