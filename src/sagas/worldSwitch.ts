import { call, delay, getContext, put, putResolve, select, takeLatest } from 'redux-saga/effects';
import { WORLD_SWITCH_RECONNECT_MS } from '../../protocol';
import { authApi } from '../features/auth/authApi';
import { selectConnection } from '../ws/connectionSlice';
import {
  worldSwitchDiagnosed,
  worldSwitchFinished,
  worldSwitchRequested,
  worldSwitchStarted,
} from '../features/world/worldSlice';
import { cogConnectRequested, cogDisconnectRequested } from '../ws/cogActions';
import type { Navigate } from './context';
import { dashboardUrl } from '../../protocol/paths';

const DIAGNOSTIC_AFTER_MS = 500;

/**
 * SPEC §4 "World switch": disconnect, go to the new world's dashboard, refresh
 * the user context (which makes it the active world server-side), reconnect
 * after 100 ms.
 */
export function* switchWorld(action: ReturnType<typeof worldSwitchRequested>) {
  const { worldId } = action.payload;
  yield put(worldSwitchStarted({ worldId }));
  try {
    yield put(cogDisconnectRequested());
    const navigate: Navigate = yield getContext('navigate');
    yield call(navigate, dashboardUrl(worldId));
    yield putResolve(authApi.endpoints.refreshUser.initiate());
    yield delay(WORLD_SWITCH_RECONNECT_MS);
    yield put(cogConnectRequested({ worldId }));
  } finally {
    yield put(worldSwitchFinished());
  }
  yield delay(DIAGNOSTIC_AFTER_MS);
  const connection: ReturnType<typeof selectConnection> = yield select(selectConnection);
  yield put(
    worldSwitchDiagnosed({
      worldId,
      connected: connection.status === 'connected' && connection.worldId === worldId,
    }),
  );
}

export function* worldSwitchSaga() {
  yield takeLatest(worldSwitchRequested.type, switchWorld);
}
