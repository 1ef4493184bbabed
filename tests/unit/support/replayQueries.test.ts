import { describe, expect, it } from 'vitest';
import '../../../src/features/support/allEndpoints';
import { dashboardApi } from '../../../src/features/dashboard/dashboardApi';
import { parseActionLog } from '../../../src/features/support/parseActionLog';
import { computeStates } from '../../../src/features/support/replayStates';
import { sessionLogExportRequested } from '../../../src/store/actionLog/recorder';
import { rootReducer } from '../../../src/store/store';
import { json, makeTestStore, stubFetch } from '../testStore';

describe('replaying RTK Query traffic', () => {
  it('rebuilds the cached query result from the recorded actions', async () => {
    stubFetch(() => json(200, { status: 'ok', main_column: [], side_column: [] }));
    const t = makeTestStore();
    await t.store.dispatch(dashboardApi.endpoints.getDashboard.initiate({ worldId: 'w1' }));
    t.store.dispatch(sessionLogExportRequested());
    const parsed = parseActionLog(t.downloads[0]!.text);
    if (!parsed.ok) throw new Error(parsed.error);
    const { states, failures } = computeStates(parsed.log, rootReducer);
    expect(failures.size).toBe(0);
    const live = dashboardApi.endpoints.getDashboard.select({ worldId: 'w1' })(t.store.getState());
    const replayed = dashboardApi.endpoints.getDashboard.select({ worldId: 'w1' })(
      states.at(-1) as never,
    );
    expect(live.status).toBe('fulfilled');
    expect(replayed.status).toBe('fulfilled');
    expect(replayed.data).toEqual(live.data);
  });
});
