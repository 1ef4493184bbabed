export { createLlmEngine, type LlmEngineOptions } from './engine';
export { LlmError } from './errors';
