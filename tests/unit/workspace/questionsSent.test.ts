import { describe, expect, it } from 'vitest';
import { workspaceSlice } from '../../../src/features/workspace/workspaceSlice';
import { cogSend } from '../../../src/ws/cogActions';

describe('questions sent from this browser', () => {
  it('counts a sent question (the transcript then goes to it), not other frames', () => {
    const reduce = workspaceSlice.reducer;
    let state = reduce(undefined, { type: 'init' });
    expect(state.questionsSent).toBe(0);
    state = reduce(state, cogSend('user.message', { text: 'What is 12.5% of 2,480?' }));
    state = reduce(state, cogSend('user.message', { text: 'And of 3,000?' }));
    expect(state.questionsSent).toBe(2);
    state = reduce(state, cogSend('display.experts', { experts: [] } as never));
    expect(state.questionsSent).toBe(2);
  });
});
