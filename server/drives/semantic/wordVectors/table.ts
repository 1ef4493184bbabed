import fs from 'node:fs';
import { FORMAT, HEADER_BYTES, MAGIC, layout, type TableLayout } from './format';

/**
 * The word-vector table: the file as written by convert.ts, all of it read
 * in place (int8 vectors, never expanded to floats) except the vectors,
 * which are read row by row when first asked for and kept from then on; a
 * server uses a few thousand of the 200,000 (its documents' words and their
 * synonyms), so the 20 MB of vectors no longer all sit in its memory. A hash
 * of spellings finds rows. Row order is frequency rank, so a word's SIF
 * weight a / (a + p(w)) comes from its row with Zipf's law.
 */

/** SIF's smoothing: words rarer than this share of the text weigh nearly 1. */
const SIF_A = 1e-4;

/** Copies row `row`'s `dims` int8 components into `into` at `at`. */
type ReadRow = (row: number, into: Int8Array, at: number) => void;

interface Parts {
  /** The file's bytes up to its vectors (header, scales, …, synonyms), in an ArrayBuffer of their own. */
  head: ArrayBuffer;
  /** The file's spellings section. */
  spellings: Buffer;
  layout: TableLayout;
  /** Every row's vectors when they are in memory already (then read in place). */
  vectors?: Int8Array;
  readRow: ReadRow;
}

function checkHeader(bytes: Uint8Array): TableLayout {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    head.length < HEADER_BYTES ||
    head.readUInt32LE(0) !== MAGIC ||
    head.readUInt32LE(4) !== FORMAT
  )
    throw new Error('not a word-vector table of this version');
  return layout(head.readUInt32LE(8), head.readUInt32LE(12), head.readUInt32LE(16));
}

export class WordVectorTable {
  readonly dims: number;
  readonly count: number;
  readonly scales: Float32Array;
  /** The unit direction every text shares (removed from text vectors). */
  readonly common: Float32Array;
  private readonly slots: Int32Array;
  private readonly offsets: Uint32Array;
  private readonly synStarts: Uint32Array;
  private readonly synRows: Uint32Array;
  private readonly spellings: Buffer;
  private readonly harmonic: number;
  /** Where each row's components are in `rowData` (-1: not read yet). */
  private readonly rowOffsets: Int32Array;
  private loaded: Int8Array;
  private loadedRows = 0;
  private readonly readRow: ReadRow;

  /**
   * The table from the whole file in memory. When `file` is a whole
   * ArrayBuffer of its own it is used in place, else copied: typed views
   * need aligned offsets, which a pooled Buffer may not give.
   */
  static fromBytes(file: Uint8Array): WordVectorTable {
    const whole = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
    const owned =
      whole && file.buffer instanceof ArrayBuffer ? file.buffer : new Uint8Array(file).buffer;
    const at = checkHeader(new Uint8Array(owned));
    const vectors = new Int8Array(owned, at.vectors, at.count * at.dims);
    return new WordVectorTable({
      head: owned,
      spellings: Buffer.from(owned).subarray(at.words),
      layout: at,
      vectors,
      readRow: (row, into, to) =>
        into.set(vectors.subarray(row * at.dims, (row + 1) * at.dims), to),
    });
  }

  /**
   * The table from its file, whose vectors are read when first used: with
   * readSync, as a search or an indexing needs a row at once, and a read of
   * 100 bytes from a file the system keeps cached costs microseconds (a
   * few thousand at a server's first indexing). The file stays open.
   */
  static async open(file: string): Promise<WordVectorTable> {
    const handle = await fs.promises.open(file, 'r');
    try {
      const header = new Uint8Array(HEADER_BYTES);
      await readFully(handle, header, 0);
      const at = checkHeader(header);
      const { size } = await handle.stat();
      const head = new Uint8Array(at.vectors);
      await readFully(handle, head, 0);
      const spellings = Buffer.alloc(size - at.words);
      await readFully(handle, spellings, at.words);
      const fd = fs.openSync(file, 'r');
      return new WordVectorTable({
        head: head.buffer,
        spellings,
        layout: at,
        readRow: (row, into, to) => {
          if (fs.readSync(fd, into, to, at.dims, at.vectors + row * at.dims) !== at.dims)
            throw new Error(`${file} ended early`);
        },
      });
    } finally {
      await handle.close();
    }
  }

  private constructor(parts: Parts) {
    const at = parts.layout;
    this.count = at.count;
    this.dims = at.dims;
    const view = <T>(
      make: new (b: ArrayBuffer, o: number, n: number) => T,
      offset: number,
      n: number,
    ) => new make(parts.head, offset, n);
    this.scales = view(Float32Array, at.scales, at.count);
    this.common = view(Float32Array, at.common, at.dims);
    this.offsets = view(Uint32Array, at.offsets, at.count + 1);
    this.synStarts = view(Uint32Array, at.synStarts, at.count + 1);
    this.synRows = view(Uint32Array, at.synRows, at.synonyms);
    this.spellings = parts.spellings;
    this.harmonic = Math.log(at.count) + 0.5772;
    this.readRow = parts.readRow;
    this.rowOffsets = new Int32Array(at.count).fill(-1);
    if (parts.vectors) {
      this.loaded = parts.vectors;
      this.loadedRows = at.count;
      for (let row = 0; row < at.count; row++) this.rowOffsets[row] = row * at.dims;
    } else {
      this.loaded = new Int8Array(256 * at.dims);
    }
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

  /** Where the row's components are in rowData(), reading them first if need be. */
  rowAt(row: number): number {
    const known = this.rowOffsets[row]!;
    if (known >= 0) return known;
    const at = this.loadedRows * this.dims;
    if (at + this.dims > this.loaded.length) {
      const bigger = new Int8Array(this.loaded.length * 2);
      bigger.set(this.loaded);
      this.loaded = bigger;
    }
    this.readRow(row, this.loaded, at);
    this.loadedRows++;
    this.rowOffsets[row] = at;
    return at;
  }

  /** The components of the rows read so far; read it after rowAt() (which may grow it). */
  rowData(): Int8Array {
    return this.loaded;
  }

  /** Rows whose vectors are in memory. */
  get rowsInMemory(): number {
    return this.loadedRows;
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
    const { dims } = this;
    const i0 = this.rowAt(a);
    const j0 = this.rowAt(b);
    const vectors = this.loaded;
    let dot = 0;
    for (let i = i0, j = j0, end = i + dims; i < end; i++, j++) dot += vectors[i]! * vectors[j]!;
    return dot * this.scales[a]! * this.scales[b]!;
  }

  /** Adds `weight` × the row's unit vector to `into`. */
  addTo(into: Float32Array, row: number, weight: number): void {
    const { dims } = this;
    const s = weight * this.scales[row]!;
    const at = this.rowAt(row);
    const vectors = this.loaded;
    for (let d = 0, i = at; d < dims; d++, i++) into[d]! += vectors[i]! * s;
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

async function readFully(handle: fs.promises.FileHandle, into: Uint8Array, position: number) {
  for (let at = 0; at < into.length;) {
    const { bytesRead } = await handle.read(into, at, into.length - at, position + at);
    if (bytesRead === 0) throw new Error('the word-vector table ended early');
    at += bytesRead;
  }
}
