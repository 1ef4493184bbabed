import { authApi } from './authApi';

/**
 * RTK Query's endpoint matchers check several fields of whatever they are
 * given (and isAnyOf/isAllOf make a closure a call), while a slice's
 * matchers and the listener middleware's matcher listeners are asked about
 * every action, socket frames included. All they can match are the api's own
 * request actions, whose types start with its path.
 */
const API_ACTION_PREFIX = `${authApi.reducerPath}/`;

/** `matcher`, asked only about authApi's own actions (false for every other one). */
export function authApiOnly<A>(matcher: (action: unknown) => action is A) {
  return (action: unknown): action is A =>
    typeof (action as { type?: unknown } | null)?.type === 'string' &&
    (action as { type: string }).type.startsWith(API_ACTION_PREFIX) &&
    matcher(action);
}
