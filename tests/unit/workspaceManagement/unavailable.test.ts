import { describe, expect, it } from 'vitest';
import {
  managementOpened,
  managementSlice,
} from '../../../src/features/workspaceManagement/managementSlice';
import { cogIn } from '../../../src/ws/cogActions';

const reduce = managementSlice.reducer;
const unavailable = (workspace_id: string, reason: 'forbidden' | 'missing') =>
  cogIn('workspace.unavailable')({
    typ: 'workspace.unavailable',
    content: { workspace_id, reason, error: 'refused' },
  });

describe('the management page refused its workspace (workspace.unavailable)', () => {
  it('stops loading and keeps why, for its own workspace only', () => {
    const opened = reduce(undefined, managementOpened({ workspaceId: 'ws-1', mode: 'edit' }));
    expect(opened.loading).toBe(true);
    const other = reduce(opened, unavailable('ws-2', 'forbidden'));
    expect(other.unavailable).toBeNull();
    expect(other.loading).toBe(true);
    const refused = reduce(opened, unavailable('ws-1', 'missing'));
    expect(refused).toMatchObject({ unavailable: 'missing', loading: false });
    // Opening another workspace starts clean.
    expect(
      reduce(refused, managementOpened({ workspaceId: 'ws-3', mode: 'edit' })).unavailable,
    ).toBeNull();
  });
});
