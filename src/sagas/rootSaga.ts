import { all } from 'redux-saga/effects';
import { managementLoadSaga } from './managementLoad';
import { workspaceSaveSaga } from './workspaceSave';
import { worldSwitchSaga } from './worldSwitch';

/** Multi-step workflows only (DESIGN §2): world switch, and later the workspace save. */
export function* rootSaga() {
  yield all([worldSwitchSaga(), managementLoadSaga(), workspaceSaveSaga()]);
}
