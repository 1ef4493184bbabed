export { createOfflineEngine } from './engine';
export type { OfflineEngineOptions } from './engine';
export { understand } from './intent';
export type { Intent } from './intent';
