import type { AppStore } from '../../store/store';
import { authApi } from './authApi';
import { selectAuthStatus } from './authSlice';

/**
 * Asks the server whether the session holds (POST /api/user), unless that is
 * known or being asked already. The signed-in routes' loader calls it, so the
 * answer is on its way while the signed-in code downloads; RequireAuth calls
 * it too, for a router that has no store to hand (routerContext.ts).
 */
export function startSessionCheck(store: AppStore): void {
  if (selectAuthStatus(store.getState()) !== 'unknown') return;
  const check = store.dispatch(authApi.endpoints.checkUser.initiate());
  // The answer lives in the auth slice; the mutation's own entry is not kept. Through
  // Promise.resolve: a support replay's store hands back an inert result that is no promise.
  void Promise.resolve(check).then(() => check.reset());
}
