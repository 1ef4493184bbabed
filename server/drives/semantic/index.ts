import path from 'node:path';
import type { Config } from '../../config';
import type { SemanticRowsRepository } from '../../store/semanticRows';
import type { SemanticIndex } from '../types';
import { createConceptIndex } from './conceptIndex';
import { createEmbeddingsIndex } from './embeddingsIndex';

export { createConceptIndex, calibrate } from './conceptIndex';
export type { ConceptIndexOptions } from './conceptIndex';
export { createEmbeddingsIndex, EmbeddingsError } from './embeddingsIndex';
export type { EmbeddingsIndexOptions } from './embeddingsIndex';
export { chunkText } from './chunks';
export { rankPassages } from './passages';
export type { Passage } from './passages';
export { loadWordNet } from './wordnet';

/**
 * The semantic index the configuration asks for: an OpenAI-compatible
 * embeddings endpoint when EMBEDDINGS_BASE_URL is set, else the embedded
 * WordNet concept index (no model, no network), which caches its parsed
 * WordNet under DATA_DIR/cache. Either keeps its vectors in `rows` (store.semanticRows).
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
  return createConceptIndex({ rows, cacheDir: path.join(dataDir, 'cache') });
}
