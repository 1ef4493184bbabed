import { describe, expect, it } from 'vitest';
import { devToolsOptions, shorten } from '../../../src/store/devtools';

describe('DevTools sanitizers', () => {
  it('replaces base64 file content by its length', () => {
    const content = 'QUJD'.repeat(5000);
    const action = { type: 'cog/in/x', payload: { File: { Content: content, Name: 'a.png' } } };
    expect(devToolsOptions.actionSanitizer(action)).toEqual({
      type: 'cog/in/x',
      payload: { File: { Content: '<<base64, 20000 chars>>', Name: 'a.png' } },
    });
  });

  it('cuts long text and keeps short values as they are', () => {
    const long = 'word '.repeat(1000);
    const out = shorten({ html: long, n: 3, ok: true, list: ['a'] }) as Record<string, unknown>;
    expect(String(out.html)).toMatch(/… <<5000 chars>>$/);
    expect(String(out.html).length).toBeLessThan(2100);
    expect(out).toMatchObject({ n: 3, ok: true, list: ['a'] });
  });

  it('never changes the original', () => {
    const state = { big: 'QUJD'.repeat(500) };
    devToolsOptions.stateSanitizer(state);
    expect(state.big.length).toBe(2000);
  });
});
