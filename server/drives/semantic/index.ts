import path from 'node:path';
import type { Config } from '../../config';
import type { SemanticRowsRepository } from '../../store/semanticRows';
import type { SemanticIndex } from '../types';
import { createEmbeddingsIndex } from './embeddingsIndex';
import { createVectorIndex } from './vectorIndex';

export { createVectorIndex } from './vectorIndex';
export type { VectorIndexOptions } from './vectorIndex';
export { createEmbeddingsIndex, EmbeddingsError } from './embeddingsIndex';
export type { EmbeddingsIndexOptions } from './embeddingsIndex';
export { splitSections } from './sections';
export { rankPassages } from './passages';
export type { Passage } from './passages';
export { loadWordVectors } from './wordVectors/load';

/**
 * The semantic index the configuration asks for: an OpenAI-compatible
 * embeddings endpoint when EMBEDDINGS_BASE_URL is set, else the embedded
 * word-vector index (no model download, no network), which converts the
 * vectors of an npm package once into DATA_DIR/cache. Either keeps its
 * passages in `rows` (store.semanticRows).
 */
export function createSemanticIndex(
  config: Pick<Config, 'EMBEDDINGS_BASE_URL' | 'EMBEDDINGS_API_KEY' | 'EMBEDDINGS_MODEL'>,
  rows: SemanticRowsRepository,
  dataDir: string,
): SemanticIndex {
  if (config.EMBEDDINGS_BASE_URL) {
    return createEmbeddingsIndex({
      rows,
      baseUrl: config.EMBEDDINGS_BASE_URL,
      apiKey: config.EMBEDDINGS_API_KEY,
      // loadConfig requires EMBEDDINGS_MODEL with EMBEDDINGS_BASE_URL.
      model: config.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
    });
  }
  return createVectorIndex({ rows, cacheDir: path.join(dataDir, 'cache') });
}
