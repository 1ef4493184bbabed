import { FORMAT, MAGIC, layout, type TableLayout } from './format';

/**
 * The word-vector table in memory: one buffer as written by convert.ts,
 * read in place (int8 vectors, never expanded to floats), with a hash of
 * spellings to rows. Row order is frequency rank, so a word's SIF weight
 * a / (a + p(w)) comes from its row with Zipf's law.
 */

/** SIF's smoothing: words rarer than this share of the text weigh nearly 1. */
const SIF_A = 1e-4;

export class WordVectorTable {
  readonly dims: number;
  readonly count: number;
  /** Each row's int8 components; row i is vectors[i*dims … (i+1)*dims). */
  readonly vectors: Int8Array;
  readonly scales: Float32Array;
  /** The unit direction every text shares (removed from text vectors). */
  readonly common: Float32Array;
  private readonly slots: Int32Array;
  private readonly offsets: Uint32Array;
  private readonly synStarts: Uint32Array;
  private readonly synRows: Uint32Array;
  private readonly spellings: Buffer;
  private readonly harmonic: number;
  private readonly buffer: Buffer;

  /**
   * `file` is the table as written; when it is a whole ArrayBuffer of its
   * own (as readTableFile gives) it is used in place, else copied: typed
   * views need aligned offsets, which a pooled Buffer may not give.
   */
  constructor(file: Uint8Array) {
    const whole = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
    const owned =
      whole && file.buffer instanceof ArrayBuffer ? file.buffer : new Uint8Array(file).buffer;
    const buffer = Buffer.from(owned);
    this.buffer = buffer;
    if (buffer.length < 20 || buffer.readUInt32LE(0) !== MAGIC || buffer.readUInt32LE(4) !== FORMAT)
      throw new Error('not a word-vector table of this version');
    const at: TableLayout = layout(
      buffer.readUInt32LE(8),
      buffer.readUInt32LE(12),
      buffer.readUInt32LE(16),
    );
    this.count = at.count;
    this.dims = at.dims;
    const view = <T>(
      make: new (b: ArrayBuffer, o: number, n: number) => T,
      offset: number,
      n: number,
    ) => new make(owned, offset, n);
    this.scales = view(Float32Array, at.scales, at.count);
    this.common = view(Float32Array, at.common, at.dims);
    this.offsets = view(Uint32Array, at.offsets, at.count + 1);
    this.synStarts = view(Uint32Array, at.synStarts, at.count + 1);
    this.synRows = view(Uint32Array, at.synRows, at.synonyms);
    this.vectors = view(Int8Array, at.vectors, at.count * at.dims);
    this.spellings = buffer.subarray(at.words);
    this.harmonic = Math.log(at.count) + 0.5772;
    // Open addressing, at most half full.
    let size = 1;
    while (size < at.count * 2) size <<= 1;
    this.slots = new Int32Array(size).fill(-1);
    for (let row = 0; row < at.count; row++) {
      let slot = this.hashRow(row) & (size - 1);
      while (this.slots[slot] !== -1) slot = (slot + 1) & (size - 1);
      this.slots[slot] = row;
    }
  }

  /** Bytes the table holds (its buffer and its hash). */
  get bytes(): number {
    return this.buffer.length + this.slots.byteLength;
  }

  /** The row of a word spelled exactly so (lower case), or -1. */
  lookup(word: string): number {
    const bytes = Buffer.from(word, 'utf8');
    const mask = this.slots.length - 1;
    for (let slot = hash(bytes, 0, bytes.length) & mask; ; slot = (slot + 1) & mask) {
      const row = this.slots[slot]!;
      if (row === -1) return -1;
      const start = this.offsets[row]!;
      const end = this.offsets[row + 1]!;
      if (
        end - start === bytes.length &&
        this.spellings.compare(bytes, 0, bytes.length, start, end) === 0
      )
        return row;
    }
  }

  /** WordNet's synonyms of a word (rows of the table; none for most rare words). */
  synonyms(row: number): Uint32Array {
    return this.synRows.subarray(this.synStarts[row]!, this.synStarts[row + 1]!);
  }

  word(row: number): string {
    return this.spellings.toString('utf8', this.offsets[row]!, this.offsets[row + 1]!);
  }

  /** SIF weight of a row: common words near 0, rare ones near 1. */
  weight(row: number): number {
    const p = 1 / ((row + 1) * this.harmonic);
    return SIF_A / (SIF_A + p);
  }

  /** Cosine of two rows. */
  similarity(a: number, b: number): number {
    const { vectors, dims } = this;
    let dot = 0;
    for (let i = a * dims, j = b * dims, end = i + dims; i < end; i++, j++)
      dot += vectors[i]! * vectors[j]!;
    return dot * this.scales[a]! * this.scales[b]!;
  }

  /** Adds `weight` × the row's unit vector to `into`. */
  addTo(into: Float32Array, row: number, weight: number): void {
    const { vectors, dims } = this;
    const s = weight * this.scales[row]!;
    for (let d = 0, i = row * dims; d < dims; d++, i++) into[d]! += vectors[i]! * s;
  }

  private hashRow(row: number): number {
    return hash(this.spellings, this.offsets[row]!, this.offsets[row + 1]!);
  }
}

/** FNV-1a over bytes. */
function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}
