import {
  call,
  cancelled,
  delay,
  getContext,
  put,
  race,
  select,
  take,
  takeLeading,
} from 'redux-saga/effects';
import { flashShown } from '../features/flash/flashSlice';
import {
  managementClosed,
  selectManagement,
  workspaceSaveFailed,
  workspaceSaveRequested,
  workspaceSaveStarted,
  workspaceSaveSucceeded,
  type ManagementState,
} from '../features/workspaceManagement/managementSlice';
import { editPlan, isEmptyPlan } from '../features/workspaceManagement/managementModel';
import { t } from '../i18n/i18n';
import type { Navigate } from './context';
import { OperationError, workspaceOperation } from './operation';
import { workspaceUrl } from '../../protocol/paths';

const PAUSE_AFTER_RENAME_MS = 100;

const nameOf = (s: ManagementState, id: string) =>
  s.experts.find((e) => e.expert_id === id)?.name ?? id;

/**
 * Runs one step; a failure is re-thrown with the step named, as SPEC §8 words
 * it ('Failed to add expert {name}: {why}'), one sentence per step.
 */
function* step(failed: (why: string) => string, run: () => Generator) {
  try {
    return yield* run();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new OperationError(failed(why));
  }
}

function* addExperts(s: ManagementState, ids: string[]) {
  for (const id of ids) {
    yield* step(
      (why) => t('Failed to add expert {{name}}: {{why}}', { name: nameOf(s, id), why }),
      () => workspaceOperation('workspace.expert.add', { expert_id: id }),
    );
  }
}

function* removeExperts(s: ManagementState, ids: string[]) {
  for (const id of ids) {
    yield* step(
      (why) => t('Failed to remove expert {{name}}: {{why}}', { name: nameOf(s, id), why }),
      () => workspaceOperation('workspace.expert.remove', { expert_id: id }),
    );
  }
}

function* addProviders(names: string[]) {
  for (const name of names) {
    yield* step(
      (why) => t('Failed to add tool provider {{name}}: {{why}}', { name, why }),
      () => workspaceOperation('workspace.toolprovider.add', { provider_name: name }),
    );
  }
}

function* removeProviders(names: string[]) {
  for (const name of names) {
    yield* step(
      (why) => t('Failed to remove tool provider {{name}}: {{why}}', { name, why }),
      () => workspaceOperation('workspace.toolprovider.remove', { provider_name: name }),
    );
  }
}

/** Create mode (SPEC §4): the workspace, then each expert, then each tool provider, one at a time. */
function* createWorkspace(s: ManagementState) {
  yield* step(
    (why) => why,
    () => workspaceOperation('workspace.update', { name: s.name.trim() }),
  );
  yield* addExperts(s, s.selectedExperts);
  yield* addProviders(s.selectedProviders);
  yield put(flashShown(t('Workspace created successfully'), 'success'));
}

/** Edit mode (SPEC §4, §5): rename (then pause 100 ms), removals, additions. */
function* editWorkspace(s: ManagementState) {
  const plan = editPlan(s);
  if (isEmptyPlan(plan)) {
    yield put(flashShown(t('No changes to save'), 'info'));
    return;
  }
  if (plan.rename !== undefined) {
    const name = plan.rename;
    yield* step(
      (why) => t('Failed to rename the workspace: {{why}}', { why }),
      () => workspaceOperation('workspace.update', { name }),
    );
    yield delay(PAUSE_AFTER_RENAME_MS);
  }
  yield* removeExperts(s, plan.removeExperts);
  yield* addExperts(s, plan.addExperts);
  yield* removeProviders(plan.removeProviders);
  yield* addProviders(plan.addProviders);
  yield put(flashShown(t('Workspace saved'), 'success'));
}

/**
 * The save workflow: any failed step aborts the rest with 'Error updating
 * workspace experts: {message}' and leaves the page editable; what was
 * already applied stays applied (each step is its own transaction on the server).
 */
export function* saveWorkspace(worldId: string) {
  const s: ManagementState = yield select(selectManagement);
  const navigate: Navigate = yield getContext('navigate');
  if (!s.workspaceId) {
    yield put(workspaceSaveFailed(t('No workspace selected')));
    yield put(flashShown(t('No workspace selected'), 'error'));
    return;
  }
  yield put(workspaceSaveStarted());
  try {
    if (s.mode === 'create') yield* createWorkspace(s);
    else yield* editWorkspace(s);
    yield put(workspaceSaveSucceeded());
    yield call(navigate, workspaceUrl(worldId, s.workspaceId));
  } catch (err) {
    const message = t('Error updating workspace experts: {{why}}', {
      why: err instanceof Error ? err.message : String(err),
    });
    yield put(workspaceSaveFailed(message));
    yield put(flashShown(message, 'error'));
  } finally {
    if ((yield cancelled()) as boolean) yield put(workspaceSaveFailed(t('Save cancelled')));
  }
}

/** One save at a time (a second press while saving is ignored); leaving the page cancels it. */
export function* workspaceSaveSaga() {
  yield takeLeading(
    workspaceSaveRequested.type,
    function* (action: ReturnType<typeof workspaceSaveRequested>) {
      yield race({
        save: call(saveWorkspace, action.payload.worldId),
        closed: take(managementClosed.type),
      });
    },
  );
}
