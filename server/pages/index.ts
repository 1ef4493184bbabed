export { registerPageHandlers, type PageHandlerDeps } from './pageHandlers';
export {
  registerFlowHandlers,
  findFlow,
  FLOW_ANNOTATION,
  FLOW_RESTART_EVENT,
} from './flowHandlers';
export type { FlowHandlerDeps } from './flowHandlers';
export { FlowStates, MAX_LIVE_FLOWS, FLOW_IDLE_MS } from './flowStates';
export { PAGE_ANNOTATION, findPage, allPages } from './pageLookup';
export { DEFAULT_SCREEN_TIMEOUT_MS } from './invoke';
export { INVALID_PAGE_SCREEN, INVALID_FLOW_SCREEN, MAX_FLOW_STATE_CHARS } from './screenResult';
