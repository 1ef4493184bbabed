/**
 * Every feature's RTK Query endpoints, injected now. The replay runs recorded
 * `api/*` actions through the reducers, which need each endpoint's definition;
 * in the app they arrive only with their screen's lazy chunk.
 */
import.meta.glob('../**/*Api.ts', { eager: true });
