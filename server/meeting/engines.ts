import type { Config } from '../config';
import { createLlmEngine } from './llm';
import { createOfflineEngine } from './offline';
import type { DriveService } from '../drives/types';
import { builtinTools, documentTools } from './tools';
import type { ExpertEngine, Tool } from './types';

/** A language model when LLM_BASE_URL is set; otherwise the offline engine (no network, no keys). */
export function defaultEngine(config: Config): ExpertEngine {
  if (config.LLM_BASE_URL && config.LLM_MODEL) {
    return createLlmEngine({
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
    });
  }
  return createOfflineEngine();
}

/** The built-in tools plus search and summaries over this world's drives. */
export function defaultTools(config: Config, drives: DriveService): Tool[] {
  return [...builtinTools({ webSearchUrl: config.WEB_SEARCH_URL }), ...documentTools(drives)];
}
