import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from '../../../src/store/actionLog/redact';

/** Every place a secret can sit in an action: at the top, nested, in arrays, under odd spellings. */
describe('redact, a secret wherever it sits', () => {
  it('redacts secret keys at any depth, in objects inside arrays, and whatever their spelling', () => {
    const action = {
      type: 'some/unknownAction',
      password: 'p0',
      payload: {
        items: [{ Password: 'p1' }, [{ 'X-API-Key': 'k1' }], { nested: { refresh_token: 't1' } }],
        headers: { Authorization: 'Bearer b1', 'X-CSRF-Token': 'c1', Cookie: 'sid=1' },
        apiKey: 'k2',
        api_key: 'k3',
        clientSecret: 's1',
        pin: '1234',
        passwd: 'p2',
      },
      meta: { arg: { originalArgs: { token: { value: 'nested object under a secret key' } } } },
    };
    const text = JSON.stringify(redact(action));
    for (const secret of ['p0', 'p1', 'k1', 't1', 'b1', 'c1', 'sid=1', 'k2', 'k3', 's1', '1234']) {
      expect(text).not.toContain(`"${secret}"`);
    }
    expect(text).not.toContain('Bearer');
    expect(text).not.toContain('nested object under a secret key');
    expect(redact(action)).toMatchObject({
      password: REDACTED,
      payload: {
        items: [
          { Password: REDACTED },
          [{ 'X-API-Key': REDACTED }],
          { nested: { refresh_token: REDACTED } },
        ],
        pin: REDACTED,
      },
      meta: { arg: { originalArgs: { token: REDACTED } } },
    });
  });

  it('redacts numbers and booleans under secret keys, and leaves null and absent values', () => {
    expect(redact({ pin: 1234, token: true, password: null, secret: undefined })).toEqual({
      pin: REDACTED,
      token: REDACTED,
      password: null,
      secret: undefined,
    });
  });

  it("takes 'pin' only as a whole key: 'spinner' and 'pinned' are not PINs", () => {
    const action = { type: 'x', payload: { spinner: true, pinned: 'yes', pin: 'no' } };
    expect(redact(action)).toEqual({
      type: 'x',
      payload: { spinner: true, pinned: 'yes', pin: REDACTED },
    });
  });

  it('summarises file bytes (Content), base64 runs and binary wherever they are', () => {
    const base64 = 'QUJD'.repeat(100);
    const action = {
      type: 'drives/fileSaved',
      payload: {
        files: [{ Path: 'a.txt', Content: 'secret text of the file' }],
        bytes: { Content: [1, 2, 3] },
        attachments: [[base64]],
        audio: [new Uint8Array(16)],
        buffer: new ArrayBuffer(8),
      },
    };
    const out = redact(action) as { payload: Record<string, unknown> };
    expect(JSON.stringify(out)).not.toContain('secret text of the file');
    expect(JSON.stringify(out)).not.toContain(base64);
    expect(out.payload).toMatchObject({
      files: [{ Path: 'a.txt', Content: { redacted: 'file content', size: 23 } }],
      bytes: { Content: { redacted: 'file content', size: 3 } },
      attachments: [[{ redacted: 'file content', size: 400 }]],
      audio: ['[binary, 16 bytes]'],
      buffer: '[binary, 8 bytes]',
    });
    // A message's own `content` is text the user saw and stays.
    expect(redact({ content: 'Hello' })).toEqual({ content: 'Hello' });
  });

  it('takes a string for base64 exactly when the pattern /^[A-Za-z0-9+/=\\r\\n]{256,}$/ does', () => {
    const pattern = /^[A-Za-z0-9+/=\r\n]{256,}$/;
    const run = 'QUJD'.repeat(64); // 256 characters
    const strings = [
      run,
      run.slice(1), // 255: too short
      `${run.slice(0, 128)}\r\n${run.slice(0, 126)}==`,
      `${run}!`,
      ` ${run}`,
      `${run.slice(0, 200)} ${run}`,
      `${run}\u00e9`,
      `${run}\u0141`, // a UTF-16 unit whose low byte is a base64 character (A)
      `${run}-_`, // base64url is not base64
      'x'.repeat(300),
      'The answer, with its working shown. '.repeat(10),
    ];
    for (const text of strings) {
      const summarised = (redact({ value: text }) as { value: unknown }).value !== text;
      expect([text.slice(0, 12), summarised]).toEqual([text.slice(0, 12), pattern.test(text)]);
    }
  });

  it('redacts an inbound frame with a secret the server added to a loose schema', () => {
    const frame = {
      type: 'cog/in/assistant.message',
      payload: {
        typ: 'assistant.message',
        content: { message_id: 'm1', content: 'Hi', extra: { sessionToken: 'leak' } },
      },
    };
    expect(JSON.stringify(redact(frame))).not.toContain('leak');
  });

  it('still redacts after more distinct keys have come by than it remembers', () => {
    const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    expect(redact({ ...many, token: 't' })).toMatchObject({ token: REDACTED, k9999: 9999 });
    expect(redact({ accessToken: 'a', k1: 1 })).toEqual({ accessToken: REDACTED, k1: 1 });
  });

  it('copies only the path to what it replaced; every other part is shared', () => {
    const untouched = { list: [{ a: 1 }, { b: 2 }], text: 'x' };
    const action = { type: 'x', payload: { untouched, login: { user: 'ann', password: 'p' } } };
    const out = redact(action) as typeof action;
    expect(out).not.toBe(action);
    expect(out.payload).not.toBe(action.payload);
    expect(out.payload.untouched).toBe(untouched);
    expect(out.payload.login).toEqual({ user: 'ann', password: REDACTED });
    expect(action.payload.login.password).toBe('p'); // the action itself is left as it was
    const items = [{ ok: 1 }, { token: 't' }, { ok: 2 }];
    const redactedItems = redact(items) as typeof items;
    expect(redactedItems[0]).toBe(items[0]);
    expect(redactedItems[2]).toBe(items[2]);
    expect(redactedItems[1]).toEqual({ token: REDACTED });
  });

  it('stops at 20 levels', () => {
    let deep: unknown = { password: 'p' };
    for (let i = 0; i < 30; i++) deep = { d: deep };
    expect(JSON.stringify(redact(deep))).not.toContain('"p"');
    expect(JSON.stringify(redact(deep))).toContain('[too deep]');
  });
});
