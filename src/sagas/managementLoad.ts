import { call, delay, put, race, select, take, takeLatest } from 'redux-saga/effects';
import {
  managementLoadingEnded,
  managementOpened,
  selectManagement,
  type ManagementState,
} from '../features/workspaceManagement/managementSlice';
import { cogIn, cogSend } from '../ws/cogActions';

const FOLLOW_UP_MS = 1000;
const GIVE_UP_MS = 5000;
const expertsArrived = cogIn('workspace.expert.details.response');
const providersArrived = cogIn('workspace.toolprovider.details.response');

function* bothLoaded() {
  const s: ManagementState = yield select(selectManagement);
  return s.expertsLoaded && s.providersLoaded;
}

/** Waits until both details have arrived; false if `ms` passed first. */
function* waitForDetails(ms: number) {
  const until = Date.now() + ms;
  while (!(yield* bothLoaded())) {
    const left = until - Date.now();
    if (left <= 0) return false;
    const { timeout } = (yield race({
      arrived: take([expertsArrived.type, providersArrived.type]),
      timeout: delay(left),
    })) as { timeout?: true };
    if (timeout) return yield* bothLoaded();
  }
  return true;
}

/**
 * SPEC §4: ask for the experts and tool providers; after 1 s ask again for
 * whichever is missing; loading ends when both arrived or after 5 s.
 */
export function* loadManagementDetails() {
  yield put(cogSend('workspace.expert.details', {}));
  yield put(cogSend('workspace.toolprovider.details', {}));
  const complete = (yield call(waitForDetails, FOLLOW_UP_MS)) as boolean;
  if (!complete) {
    const s: ManagementState = yield select(selectManagement);
    if (!s.expertsLoaded) yield put(cogSend('workspace.expert.details', {}));
    if (!s.providersLoaded) yield put(cogSend('workspace.toolprovider.details', {}));
    yield call(waitForDetails, GIVE_UP_MS - FOLLOW_UP_MS);
  }
  yield put(managementLoadingEnded());
}

export function* managementLoadSaga() {
  yield takeLatest(managementOpened.type, loadManagementDetails);
}
