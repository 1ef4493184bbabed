import { describe, expect, it } from 'vitest';
import {
  decodeComponentData,
  encodeBase64Utf8,
  encodeComponentData,
} from '../../../src/components/embedded/decodeComponentData';

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected invalid JSON');
}

describe('decodeComponentData', () => {
  it('round-trips a node, UTF-8 included', () => {
    const node = { component: 'Text', content: 'Grüße, 世界 👋' };
    expect(decodeComponentData(encodeComponentData(node))).toEqual({ node });
  });

  it('ignores whitespace from a wrapped attribute and accepts URL-safe base64', () => {
    const data = encodeComponentData({ component: 'Text', content: '??>>' });
    const wrapped = `${data.slice(0, 10)}\n  ${data.slice(10)}`;
    expect(decodeComponentData(wrapped)).toEqual({ node: { component: 'Text', content: '??>>' } });
    const urlSafe = data.replace(/\+/g, '-').replace(/\//g, '_');
    expect(decodeComponentData(urlSafe)).toEqual({ node: { component: 'Text', content: '??>>' } });
  });

  it.each([null, undefined, '', '   '])("%j is 'Missing component data'", (data) => {
    expect(decodeComponentData(data)).toEqual({ error: 'Missing component data' });
  });

  it.each(['abc$def', 'not base64!', 'QQ==QQ', 'A'])(
    "%j is 'Base64 decode error: Invalid character found'",
    (data) => {
      expect(decodeComponentData(data)).toEqual({
        error: 'Base64 decode error: Invalid character found',
      });
    },
  );

  it('text that is not JSON gives the JSON parse error', () => {
    const result = decodeComponentData(encodeBase64Utf8('hello'));
    expect(result).toEqual({ error: jsonError('hello') });
    expect((result as { error: string }).error).toMatch(/^Unexpected token/);
  });

  it.each([{ content: 'x' }, { component: 5 }, [], null, 'Text', 42])(
    "JSON %j without a string component is 'Invalid component data'",
    (value) => {
      expect(decodeComponentData(encodeComponentData(value))).toEqual({
        error: 'Invalid component data',
      });
    },
  );

  it('a node of an unknown component still decodes (the renderer reports it)', () => {
    expect(decodeComponentData(encodeComponentData({ component: 'FancyThing' }))).toEqual({
      node: { component: 'FancyThing' },
    });
  });
});
