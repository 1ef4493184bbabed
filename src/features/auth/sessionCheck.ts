import type { AppStore } from '../../store/store';
import { authApi } from './authApi';
import { selectAuthStatus } from './authSlice';

/**
 * Asks the server whether the session holds (POST /api/user), unless that is
 * known or being asked already. The signed-in routes' loader calls it, so the
 * answer is on its way while the signed-in code downloads; RequireAuth asks
 * the same way when a router has no store to hand (routerContext.ts).
 */
export function startSessionCheck(store: AppStore): void {
  if (selectAuthStatus(store.getState()) !== 'unknown') return;
  const check = store.dispatch(authApi.endpoints.checkUser.initiate());
  // The answer lives in the auth slice; the mutation's own entry is not kept.
  void check.then(() => check.reset());
}
