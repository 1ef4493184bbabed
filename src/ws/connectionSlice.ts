import { createSlice, type UnknownAction } from '@reduxjs/toolkit';
import {
  cogConnectRequested,
  cogConnected,
  cogConnecting,
  cogContextSet,
  cogDisconnected,
  cogGaveUp,
  cogIn,
  cogInitRegistered,
  cogInitUnregistered,
  cogRetryScheduled,
  type OutgoingMessage,
} from './cogActions';

/**
 * What the app may know about the cog socket: plain, serializable status.
 * The socket itself lives in the cog middleware. This slice has no reducers
 * of its own; it only listens to the socket's actions (DESIGN §3).
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'gaveUp';

export interface ConnectionState {
  status: ConnectionStatus;
  worldId: string | null;
  /** Retry attempt in progress (0 for the first connect after a request or a success). */
  attempt: number;
  lastCloseCode: number | null;
  lastReason: string | null;
  /** Context values, sent as scontext.set on every connect. */
  context: Record<string, unknown>;
  /** Initialisation frames per registering page, sent after client.hello on every connect. */
  init: Record<string, OutgoingMessage[]>;
  serverVersion: string | null;
  lastHeartbeat: string | number | null;
  /** The world whose connection has been up since it was requested; screens wait for it. */
  readyWorldId: string | null;
}

export const initialConnectionState: ConnectionState = {
  status: 'idle',
  worldId: null,
  attempt: 0,
  lastCloseCode: null,
  lastReason: null,
  context: {},
  init: {},
  serverVersion: null,
  lastHeartbeat: null,
  readyWorldId: null,
};

export const connectionSlice = createSlice({
  name: 'connection',
  initialState: initialConnectionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(cogConnectRequested, (state, { payload }) => {
        if (state.worldId !== payload.worldId) state.readyWorldId = null;
        state.worldId = payload.worldId;
      })
      .addCase(cogConnecting, (state, { payload }) => {
        state.status = 'connecting';
        state.attempt = payload.attempt;
      })
      .addCase(cogConnected, (state, { payload }) => {
        state.status = 'connected';
        state.worldId = payload.worldId;
        state.readyWorldId = payload.worldId;
        state.attempt = 0;
      })
      .addCase(cogDisconnected, (state, { payload }) => {
        state.status = 'disconnected';
        state.lastCloseCode = payload.code;
        state.lastReason = payload.reason;
      })
      .addCase(cogRetryScheduled, (state, { payload }) => {
        state.attempt = payload.attempt;
      })
      .addCase(cogGaveUp, (state, { payload }) => {
        state.status = 'gaveUp';
        state.lastReason = payload.reason;
      })
      .addCase(cogContextSet, (state, { payload }) => {
        state.context[payload.key] = payload.value;
      })
      .addCase(cogInitRegistered, (state, { payload }) => {
        state.init[payload.key] = payload.frames;
      })
      .addCase(cogInitUnregistered, (state, { payload }) => {
        delete state.init[payload.key];
      })
      .addCase(cogIn('server.hello'), (state, { payload }) => {
        state.serverVersion = payload.content.version ?? null;
      });
  },
});

const heartbeat = cogIn('server.heartbeat');

/**
 * The slice, and heartbeats around Immer: one comes with every few frames of a
 * busy socket, and a draft for one field costs a proxy, its scope and a
 * finalising walk (≈ 1 KB of garbage each), several times the update itself.
 * An unchanged time leaves the state as it is, as Immer would.
 */
export function connectionReducer(
  state: ConnectionState | undefined,
  action: UnknownAction,
): ConnectionState {
  if (heartbeat.match(action)) {
    const before = state ?? connectionSlice.getInitialState();
    const time = action.payload.content.time;
    return before.lastHeartbeat === time ? before : { ...before, lastHeartbeat: time };
  }
  return connectionSlice.reducer(state, action);
}
export default connectionReducer;

interface WithConnection {
  connection: ConnectionState;
}

export const selectConnection = (state: WithConnection) => state.connection;
export const selectConnectionStatus = (state: WithConnection) => state.connection.status;
export const selectIsConnected = (state: WithConnection) => state.connection.status === 'connected';
export const selectConnectionWorldId = (state: WithConnection) => state.connection.worldId;
export const selectCogContext = (state: WithConnection) => state.connection.context;
export const selectCogInit = (state: WithConnection) => state.connection.init;
