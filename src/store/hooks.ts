import type { UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useContext } from 'react';
import { ReactReduxContext, useDispatch, useSelector, useStore } from 'react-redux';
import { sourceOf, type HeldView, type ReleaseHold } from './heldView';
import type { AppDispatch, AppStore, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
const useViewedStore = useStore.withTypes<AppStore>();

/** The store itself (its current state, its action log), not the view React renders from. */
export const useAppStore = (): AppStore => sourceOf(useViewedStore());

/**
 * Holds the state React renders from (see heldView.ts) until the returned
 * function is called; a no-op where the Provider was given a plain store or
 * where there is no Provider.
 */
export function useHoldRenderedState(): () => ReleaseHold {
  // The context, not useStore: parts that hold may render outside any Provider (their tests).
  const store = useContext(ReactReduxContext)?.store as
    Partial<HeldView<RootState, UnknownAction>> | undefined;
  return useCallback(() => store?.hold?.() ?? noHold, [store]);
}

const noHold: ReleaseHold = () => undefined;
