import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_AGE,
  devToolsOptions,
  makeDevToolsOptions,
  parseRemoteTarget,
  readDevToolsSettings,
  shorten,
} from '../../../src/store/devtools';

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

  it('cuts long HTML in actions and in state', () => {
    const html = `<ol>${'<li><p>Hotels up to 180 EUR a night.</p></li>'.repeat(200)}</ol>`;
    const action = {
      type: 'cog/in/display.researchbox',
      payload: { typ: 'display.researchbox', content: { id: 'r1', html } },
    };
    const cutAction = devToolsOptions.actionSanitizer(action);
    expect(cutAction.payload.content.html).toBe(`${html.slice(0, 2000)}… <<${html.length} chars>>`);
    expect(cutAction.payload.content.id).toBe('r1');

    const state = { workspace: { research: { entities: { r1: { id: 'r1', html } } } } };
    const cutState = devToolsOptions.stateSanitizer(state);
    expect(cutState.workspace.research.entities.r1.html).toMatch(/^<ol><li>.*… <<\d+ chars>>$/s);
    expect(cutState.workspace.research.entities.r1.html.length).toBeLessThan(2100);
  });

  it('replaces data: URLs and base64 runs inside HTML by their length, keeping the markup', () => {
    const png = 'iVBORw0KGgo' + 'A'.repeat(3000);
    const html = `<p>Chart</p><img src="data:image/png;base64,${png}" alt="chart">`;
    expect(shorten(html)).toBe(
      `<p>Chart</p><img src="data:image/png;base64,<<${'data:image/png;base64,'.length + png.length} chars>>" alt="chart">`,
    );
    const component = `<emgen-component data="${'eyJ0eXAiOiJ'.repeat(100)}"></emgen-component>`;
    expect(shorten(component)).toBe(
      '<emgen-component data="<<base64, 1100 chars>>"></emgen-component>',
    );
    // Ordinary prose, even long, is never mistaken for base64.
    const prose = 'The quick brown fox jumps over the lazy dog. '.repeat(20);
    expect(shorten(prose)).toBe(prose);
  });

  it('replaces binary data by its size', () => {
    const out = shorten({ chunk: new Uint8Array(4096), buf: new ArrayBuffer(10) });
    expect(out).toEqual({ chunk: '<<binary, 4096 bytes>>', buf: '<<binary, 10 bytes>>' });
  });

  it('never changes the original', () => {
    const state = { big: 'QUJD'.repeat(500) };
    devToolsOptions.stateSanitizer(state);
    expect(state.big.length).toBe(2000);
  });

  it('returns what needs no shortening as it is, and reuses the copy of an unchanged subtree', () => {
    const small = { a: 1, b: ['x', { c: 'short' }] };
    expect(shorten(small)).toBe(small);

    const messages = { m1: { content: 'x'.repeat(5000) }, m2: { content: 'hi' } };
    const before = shorten({ messages, status: 'connected' }) as { messages: unknown };
    const after = shorten({ messages, status: 'connecting' }) as { messages: unknown };
    expect(after.messages).toBe(before.messages);
  });
});

describe('DevTools settings', () => {
  const storage = (values: Record<string, string>) => ({
    getItem: (key: string) => values[key] ?? null,
  });

  it('keeps 5,000 actions and shows heartbeats by default', () => {
    const settings = readDevToolsSettings(storage({}));
    expect(settings).toEqual({ maxAge: DEFAULT_MAX_AGE, hideHeartbeats: false, remote: null });
    expect(DEFAULT_MAX_AGE).toBe(5000);
    const options = makeDevToolsOptions(settings);
    expect(options.maxAge).toBe(5000);
    expect(options).not.toHaveProperty('actionsDenylist');
  });

  it('hides heartbeat actions, and only those, when emgen.devtools.hideHeartbeats is 1', () => {
    const settings = readDevToolsSettings(storage({ 'emgen.devtools.hideHeartbeats': '1' }));
    expect(settings.hideHeartbeats).toBe(true);
    const { actionsDenylist } = makeDevToolsOptions(settings);
    expect(actionsDenylist).toEqual([
      '^cog\\/in\\/server\\.heartbeat$',
      '^cog\\/in\\/cog\\.heartbeat$',
    ]);
    // DevTools joins the patterns into one regular expression.
    const hidden = new RegExp(actionsDenylist!.join('|'));
    expect(hidden.test('cog/in/server.heartbeat')).toBe(true);
    expect(hidden.test('cog/in/cog.heartbeat')).toBe(true);
    expect(hidden.test('cog/in/server.hello')).toBe(false);
    expect(hidden.test('cog/in/serverXheartbeat')).toBe(false);
    expect(
      readDevToolsSettings(storage({ 'emgen.devtools.hideHeartbeats': '0' })).hideHeartbeats,
    ).toBe(false);
  });

  it('takes maxAge from emgen.devtools.maxAge when it is a positive whole number', () => {
    expect(readDevToolsSettings(storage({ 'emgen.devtools.maxAge': '20000' })).maxAge).toBe(20000);
    for (const bad of ['0', '-3', '2.5', 'lots', '']) {
      expect(readDevToolsSettings(storage({ 'emgen.devtools.maxAge': bad })).maxAge).toBe(5000);
    }
  });

  it('names a remote server by VITE_REMOTE_DEVTOOLS, overridden by emgen.devtools.remote', () => {
    const env = { VITE_REMOTE_DEVTOOLS: 'localhost:8000' };
    expect(readDevToolsSettings(storage({}), env).remote).toEqual({
      hostname: 'localhost',
      port: 8000,
      secure: false,
    });
    expect(
      readDevToolsSettings(storage({ 'emgen.devtools.remote': 'devbox.lan:9000' }), env).remote,
    ).toEqual({ hostname: 'devbox.lan', port: 9000, secure: false });
    expect(
      readDevToolsSettings(storage({ 'emgen.devtools.remote': 'off' }), env).remote,
    ).toBeNull();
  });

  it('parses host:port, with ws/wss, and refuses anything else', () => {
    expect(parseRemoteTarget('wss://tools.example.org:8443')).toEqual({
      hostname: 'tools.example.org',
      port: 8443,
      secure: true,
    });
    expect(parseRemoteTarget('ws://127.0.0.1:8000/')).toEqual({
      hostname: '127.0.0.1',
      port: 8000,
      secure: false,
    });
    expect(parseRemoteTarget('[::1]:8000')).toEqual({
      hostname: '[::1]',
      port: 8000,
      secure: false,
    });
    for (const bad of [
      undefined,
      null,
      '',
      'localhost',
      ':8000',
      'localhost:0',
      'localhost:70000',
      'a b:1',
      'x:1/path',
    ]) {
      expect(parseRemoteTarget(bad)).toBeNull();
    }
  });

  it('falls back to the defaults when storage throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readDevToolsSettings(throwing)).toEqual({
      maxAge: 5000,
      hideHeartbeats: false,
      remote: null,
    });
  });
});
