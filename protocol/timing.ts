/** Business constants both sides share (SPEC §9). */
export const RECONNECT_DELAY_MS = 3000;
export const RECONNECT_MAX_ATTEMPTS = 5;
export const CONNECT_TIMEOUT_MS = 8000;
export const WORLD_SWITCH_RECONNECT_MS = 100;
export const APP_FETCH_AFTER_HELLO_MS = 500;
export const COMMAND_TIMEOUT_MS = 30_000;
export const WORKSPACE_OPERATION_TIMEOUT_MS = 5000;
export const USER_REFRESH_INTERVAL_MS = 5 * 60 * 1000;
export const FLASH_DURATION_MS = 4000;
export const HEARTBEAT_INTERVAL_MS = 30_000;
