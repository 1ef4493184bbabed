import { describe, expect, it } from 'vitest';
import { actionLogFile } from '../../../src/store/actionLog/format';
import {
  MAX_LOG_BYTES,
  checkLogSize,
  parseActionLog,
} from '../../../src/features/support/parseActionLog';
import { routeAt } from '../../../src/features/support/replayStates';
import { diffStates } from '../../../src/features/support/stateDiff';

const good = () =>
  actionLogFile({
    entries: [
      {
        at: 1,
        action: {
          type: 'router/routeVisited',
          payload: { pathname: '/w/a/dashboard', search: '', hash: '' },
        },
      },
      { at: 2, action: { type: 'x/done' } },
      {
        at: 3,
        action: {
          type: 'router/routeVisited',
          payload: { pathname: '/w/a/workspace', search: '?id=1', hash: '' },
        },
      },
    ],
    initialState: null,
    dropped: 0,
    now: new Date(0),
  });

describe('session log parsing', () => {
  it('accepts a log of this version', () => {
    const parsed = parseActionLog(JSON.stringify(good()));
    expect(parsed.ok && parsed.log.entries).toHaveLength(3);
    expect(parsed.ok && parsed.warning).toBeUndefined();
  });

  it('accepts another minor app version with a warning, refuses another major', () => {
    const minor = parseActionLog(JSON.stringify({ ...good(), appVersion: '1.4.0' }));
    expect(minor.ok && minor.warning).toBe(
      'Recorded by EMgen 1.4.0; replayed in 1.0.0: some screens may differ from what the user saw.',
    );
    expect(parseActionLog(JSON.stringify({ ...good(), appVersion: '2.0.0' }))).toEqual({
      ok: false,
      error: 'This log was recorded by EMgen 2.0.0; this is EMgen 1.0.0, which cannot replay it.',
    });
  });

  it('refuses another format version, non-JSON, truncated files, other JSON and huge files', () => {
    expect(parseActionLog(JSON.stringify({ ...good(), version: 2 }))).toEqual({
      ok: false,
      error: 'Session log format version 2 cannot be replayed here (this app reads version 1).',
    });
    const text = JSON.stringify(good());
    const truncated = parseActionLog(text.slice(0, text.length / 2));
    expect(!truncated.ok && truncated.error).toMatch(/^This is not a session log: /);
    const other = parseActionLog(JSON.stringify({ hello: 'world' }));
    expect(!other.ok && other.error).toMatch(/^This is not an EMgen session log/);
    const noType = parseActionLog(JSON.stringify({ ...good(), entries: [{ at: 1, action: {} }] }));
    expect(!noType.ok && noType.error).toMatch(/entries\.0\.action\.type/);
    expect(checkLogSize(MAX_LOG_BYTES + 1)).toMatch(/too large/);
    expect(checkLogSize(1000)).toBeUndefined();
  });

  it('follows the recorded route history', () => {
    const parsed = parseActionLog(JSON.stringify(good()));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(routeAt(parsed.log, 0)).toBe('/w/a/dashboard');
    expect(routeAt(parsed.log, 2)).toBe('/w/a/dashboard');
    expect(routeAt(parsed.log, 3)).toBe('/w/a/workspace?id=1');
  });

  it('lists the state paths an action changed', () => {
    const shared = { big: [1, 2, 3] };
    expect(diffStates({ a: { b: 1 }, shared }, { a: { b: 2 }, shared, c: 'new' })).toEqual([
      { path: 'a.b', before: 1, after: 2 },
      { path: 'c', before: undefined, after: 'new' },
    ]);
  });
});
