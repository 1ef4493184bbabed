import { configureStore, createSlice } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { Provider, useSelector } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_LIMIT_MS, heldViewOf, sourceOf } from '../../../src/store/heldView';
import { useAppStore } from '../../../src/store/hooks';
import { useHeldDeferredValue } from '../../../src/store/useHeldDeferredValue';

const counter = createSlice({
  name: 'counter',
  initialState: { n: 0 },
  reducers: { incremented: (state) => void state.n++ },
});
const { incremented } = counter.actions;
const makeSource = () => configureStore({ reducer: counter.reducer });

/** Runs scheduled callbacks only when told: which run when is the point of these tests. */
function manualClock() {
  const due: { at: number; run: () => void }[] = [];
  let now = 0;
  return {
    schedule: (run: () => void, ms: number) => void due.push({ at: now + ms, run }),
    advance(ms: number) {
      now += ms;
      for (const task of due.filter((t) => t.at <= now)) {
        due.splice(due.indexOf(task), 1);
        task.run();
      }
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('heldViewOf', () => {
  it('follows its store while nothing holds it', () => {
    const source = makeSource();
    const view = heldViewOf(source);
    const heard = vi.fn();
    view.subscribe(heard);
    view.dispatch(incremented());
    expect(view.getState().n).toBe(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(sourceOf(view)).toBe(source);
    expect(sourceOf(source)).toBe(source);
  });

  it('while held, shows the state of the moment it was held; actions still reach the store', () => {
    const clock = manualClock();
    const source = makeSource();
    const view = heldViewOf(source, clock.schedule);
    const heard = vi.fn();
    view.subscribe(heard);
    const release = view.hold();
    view.dispatch(incremented());
    view.dispatch(incremented());
    expect(source.getState().n).toBe(2);
    expect(view.getState().n).toBe(0);
    expect(heard).not.toHaveBeenCalled();

    release();
    // Just after the release (a task of its own), the latest state, heard once.
    expect(view.getState().n).toBe(0);
    clock.advance(0);
    expect(view.getState().n).toBe(2);
    expect(heard).toHaveBeenCalledTimes(1);
    release(); // a second call changes nothing
    clock.advance(0);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('shows the latest only when the last of several holds ends', () => {
    const clock = manualClock();
    const view = heldViewOf(makeSource(), clock.schedule);
    const first = view.hold();
    const second = view.hold();
    view.dispatch(incremented());
    first();
    clock.advance(0);
    expect(view.getState().n).toBe(0);
    second();
    clock.advance(0);
    expect(view.getState().n).toBe(1);
  });

  it(`ends a hold nobody releases after ${HOLD_LIMIT_MS} ms`, () => {
    const clock = manualClock();
    const view = heldViewOf(makeSource(), clock.schedule);
    view.hold();
    view.dispatch(incremented());
    clock.advance(HOLD_LIMIT_MS - 1);
    expect(view.getState().n).toBe(0);
    clock.advance(1);
    clock.advance(0);
    expect(view.getState().n).toBe(1);
  });
});

describe('useHeldDeferredValue', () => {
  /** What each render saw: the value asked for, the one shown and the store's count. */
  function Probe({ value, seen }: { value: string; seen: string[] }) {
    const shown = useHeldDeferredValue(value);
    const n = useSelector((s: { n: number }) => s.n);
    seen.push(`${value}/${shown}/${n}`);
    return null;
  }
  /** Dispatches in the commit that starts the deferred render (a socket frame landing then). */
  function DispatchOnCommit({ when }: { when: boolean }) {
    const store = useAppStore();
    useLayoutEffect(() => {
      if (when) store.dispatch(incremented());
    }, [when, store]);
    return null;
  }

  it('holds the state React reads from the old value until the new one has rendered', async () => {
    const view = heldViewOf(makeSource());
    const seen: string[] = [];
    const page = (value: string) => (
      <Provider store={view}>
        <Probe value={value} seen={seen} />
        <DispatchOnCommit when={value === 'b'} />
      </Provider>
    );
    const { rerender } = render(page('a'));
    await act(async () => {
      rerender(page('b'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    // The deferred render of "b" still sees 0, though the action was dispatched before it; the
    // render after it sees 1.
    const deferredRender = seen.indexOf('b/b/0');
    expect(deferredRender).toBeGreaterThan(seen.indexOf('b/a/0'));
    expect(seen.at(-1)).toBe('b/b/1');
    expect(view.source.getState().n).toBe(1);
  });

  it('works where the Provider holds a plain store', async () => {
    const store = makeSource();
    const seen: string[] = [];
    const page = (value: string) => (
      <Provider store={store}>
        <Probe value={value} seen={seen} />
      </Provider>
    );
    const { rerender } = render(page('a'));
    await act(async () => {
      rerender(page('b'));
    });
    expect(seen.at(-1)).toBe('b/b/0');
  });
});
