import { describe, expect, it } from 'vitest';
import { authApi } from '../../../src/features/auth/authApi';
import { authApiOnly } from '../../../src/features/auth/authApiOnly';
import { cogIn } from '../../../src/ws/cogActions';

describe('authApiOnly', () => {
  it("asks the matcher about authApi's own actions only", () => {
    const asked: unknown[] = [];
    const guarded = authApiOnly((action: unknown): action is { type: string } => {
      asked.push(action);
      return true;
    });
    expect(
      guarded(cogIn('server.heartbeat')({ typ: 'server.heartbeat', content: {} } as never)),
    ).toBe(false);
    expect(guarded({ type: 'auth/other' })).toBe(false);
    expect(guarded(null)).toBe(false);
    expect(guarded({ type: 42 })).toBe(false);
    expect(asked).toEqual([]);
    expect(guarded({ type: `${authApi.reducerPath}/executeQuery/fulfilled` })).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it("still matches the api's fulfilled request", () => {
    const fulfilled = authApiOnly(authApi.endpoints.checkUser.matchFulfilled);
    const action = {
      type: `${authApi.reducerPath}/executeQuery/fulfilled`,
      payload: {},
      meta: {
        requestStatus: 'fulfilled',
        requestId: 'r1',
        arg: { endpointName: 'checkUser', type: 'query', originalArgs: undefined },
      },
    };
    expect(fulfilled(action)).toBe(authApi.endpoints.checkUser.matchFulfilled(action));
  });
});
