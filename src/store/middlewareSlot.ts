import type { Dispatch, Middleware, MiddlewareAPI } from '@reduxjs/toolkit';

/**
 * A place in a store's middleware chain that is filled once, later. The
 * signed-in pages' middleware (socket, sagas, dictation) join the store when
 * their code has loaded, at the positions they would have had from the
 * start; until then actions pass straight on. (RTK's createDynamicMiddleware
 * composes its chain again for every action, a cost socket ingest would pay
 * per frame.)
 */
export function createMiddlewareSlot<Ext = object, S = unknown>() {
  let storeApi: MiddlewareAPI | undefined;
  let next: Dispatch | undefined;
  let handle: ((action: unknown) => unknown) | undefined;

  const middleware: Middleware<Ext, S> = (api) => {
    storeApi = api;
    return (nextInChain) => {
      next = nextInChain as Dispatch;
      return (action) => (handle ? handle(action) : nextInChain(action));
    };
  };

  /** Puts the middleware into the slot, in this order; once per store. */
  function fill(...added: Middleware[]): void {
    if (!storeApi || !next) throw new Error('This middleware slot is not in a store');
    if (handle) throw new Error('This middleware slot is filled already');
    const api = storeApi;
    type Link = (action: unknown) => unknown;
    const links = added.map((m) => m(api) as (rest: Link) => Link);
    handle = links.reduceRight<Link>((rest, link) => link(rest), next as Link);
  }

  return { middleware, fill };
}
