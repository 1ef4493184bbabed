export { boundClose, CLOSE_GRACE_MS } from './boundedClose';
export { Drain, DRAINING_ERROR, type DrainDeps } from './drain';
export { startMetricsServer, METRICS_PATH, type MetricsServer } from './metricsServer';
export {
  HEALTH_PATH,
  READY_PATH,
  readinessRoute,
  STORE_PING_TIMEOUT_MS,
  type ReadinessBody,
} from './readiness';
