import { configureStore, createSlice } from '@reduxjs/toolkit';
import { importState } from '@redux-devtools/utils';
import { describe, expect, it } from 'vitest';
import { ACTION_LOG_FORMAT, type ActionLogFile } from '../../../src/store/actionLog/format';
import {
  createActionRecorder,
  sessionLogExportRequested,
  sessionLogExported,
} from '../../../src/store/actionLog/recorder';
import { REDACTED, redact } from '../../../src/store/actionLog/redact';
import { computeStates } from '../../../src/features/support/replayStates';

const counter = createSlice({
  name: 'counter',
  initialState: { n: 0 },
  reducers: { added: (s, a: { payload: number }) => void (s.n += a.payload) },
});

function recordedStore(capacity?: number) {
  const files: { name: string; text: string }[] = [];
  let t = 1_000;
  const recorder = createActionRecorder({
    capacity,
    now: () => new Date(t++),
    download: (name, text) => files.push({ name, text }),
  });
  const store = configureStore({
    reducer: counter.reducer,
    middleware: (gDM) => gDM().concat(recorder.middleware),
  });
  return { store, recorder, files };
}

describe('action log recorder', () => {
  it('keeps every action with its time, in order, and exports a versioned file DevTools can import', () => {
    const { store, files } = recordedStore();
    store.dispatch(counter.actions.added(2));
    store.dispatch(counter.actions.added(3));
    store.dispatch(sessionLogExportRequested());
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^emgen-session-.*\.json$/);
    const file = JSON.parse(files[0]!.text) as ActionLogFile;
    expect(file.format).toBe(ACTION_LOG_FORMAT);
    expect(file.version).toBe(1);
    expect(file.appVersion).toBe('1.0.0');
    expect(file.entries.map((e) => e.action)).toEqual([
      counter.actions.added(2),
      counter.actions.added(3),
    ]);
    expect(file.entries[0]!.at).toBeLessThan(file.entries[1]!.at);
    expect(file.initialState).toEqual({ n: 0 });
    // What Redux DevTools' import dialog reads: a JSON array of actions and the starting state.
    expect(JSON.parse(file.payload)).toEqual(file.entries.map((e) => e.action));
    expect(JSON.parse(file.preloadedState!)).toEqual({ n: 0 });
    // …exactly as the DevTools' own importer reads it.
    const imported = importState(files[0]!.text, {}) as {
      nextLiftedState: unknown;
      preloadedState: unknown;
    };
    expect(imported.nextLiftedState).toEqual(file.entries.map((e) => e.action));
    expect(imported.preloadedState).toEqual({ n: 0 });
    // The export itself is told as an event.
    store.dispatch(sessionLogExportRequested());
    const second = JSON.parse(files[1]!.text) as ActionLogFile;
    expect(second.entries.at(-1)!.action.type).toBe(sessionLogExported.type);
  });

  it('is bounded, and what it keeps still replays to the live state', () => {
    const { store, recorder, files } = recordedStore(100);
    for (let i = 1; i <= 1000; i++) store.dispatch(counter.actions.added(i));
    expect(recorder.size).toBeLessThanOrEqual(100);
    expect(recorder.size).toBeGreaterThanOrEqual(90);
    store.dispatch(sessionLogExportRequested());
    const file = JSON.parse(files[0]!.text) as ActionLogFile;
    expect(file.dropped + file.entries.length).toBe(1000);
    const { states } = computeStates(
      { ...file, dropped: file.dropped, initialState: file.initialState },
      counter.reducer,
    );
    expect(states.at(-1)).toEqual(store.getState());
  });

  it('redacts secrets, audio and file bytes as it records', () => {
    const { store, files } = recordedStore();
    store.dispatch({
      type: 'api/executeMutation/pending',
      meta: {
        arg: { originalArgs: { email: 'ann@example.org', password: 'hunter2', pin: '123456' } },
      },
    });
    store.dispatch({
      type: 'x/headers',
      payload: { 'X-CSRF-Token': 'abc', cookie: 'sid=1', token: 't' },
    });
    store.dispatch({ type: 'x/audio', payload: { chunk: new Uint8Array(4096) } });
    const bytes = 'QUJD'.repeat(100);
    store.dispatch({
      type: 'x/file',
      payload: { data: { Path: 'a.pdf', Content: bytes, Size: 300 } },
    });
    store.dispatch(sessionLogExportRequested());
    const text = files[0]!.text;
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('123456');
    expect(text).not.toContain('sid=1');
    expect(text).not.toContain(bytes);
    const actions = (JSON.parse(text) as ActionLogFile).entries.map((e) => e.action) as never[];
    expect(actions[0]).toMatchObject({
      meta: {
        arg: { originalArgs: { email: 'ann@example.org', password: REDACTED, pin: REDACTED } },
      },
    });
    expect(actions[1]).toMatchObject({
      payload: { 'X-CSRF-Token': REDACTED, cookie: REDACTED, token: REDACTED },
    });
    expect(actions[2]).toMatchObject({ payload: { chunk: '[binary, 4096 bytes]' } });
    expect(actions[3]).toMatchObject({
      payload: { data: { Path: 'a.pdf', Content: { redacted: 'file content', size: 400 } } },
    });
  });

  it('leaves actions with nothing to hide as they are (no copy) and keeps message text', () => {
    const action = { type: 'cog/in/assistant.message', payload: { content: { content: 'Hello' } } };
    expect(redact(action)).toBe(action);
  });
});
