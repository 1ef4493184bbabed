import { describe, expect, it } from 'vitest';
import {
  FRAME_JSON_LIMITS,
  peekFrameIds,
  decodeServerFrame,
  jsonLimitProblem,
  parseLimitedJson,
  type ComponentNode,
} from '../../../protocol';

const limits = { maxBytes: 1000, maxDepth: 3, maxValues: 10 };

describe('jsonLimitProblem: one pass over the raw text', () => {
  it('counts nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonLimitProblem('[[{"a":1}]]', limits)).toBeUndefined();
    expect(jsonLimitProblem('[[[{"a":1}]]]', limits)).toBe('Frame nested deeper than 3 levels');
    expect(jsonLimitProblem('{"s":"[[[[{{{{"}', limits)).toBeUndefined();
    // An escaped quote does not end the string; an escaped backslash before a quote does.
    expect(jsonLimitProblem('{"s":"\\"[[[[["}', limits)).toBeUndefined();
    expect(jsonLimitProblem('["\\\\",[[[1]]]]', limits)).toBe('Frame nested deeper than 3 levels');
  });

  it('refuses too many keys and elements, wherever they are', () => {
    expect(jsonLimitProblem(`[${'1,'.repeat(8)}1]`, limits)).toBeUndefined();
    expect(jsonLimitProblem(`[${'1,'.repeat(10)}1]`, limits)).toBe(
      'Frame has more than 10 keys and array elements',
    );
    const keys = Array.from({ length: 11 }, (_, i) => `"k${i}":0`).join(',');
    expect(jsonLimitProblem(`{"a":{${keys}}}`, limits)).toMatch(/more than 10 keys/);
    // Commas inside strings are text.
    expect(jsonLimitProblem(`["${','.repeat(50)}"]`, limits)).toBeUndefined();
  });

  it('measures size in UTF-8 bytes and names what it checks', () => {
    expect(jsonLimitProblem(`"${'é'.repeat(498)}"`, limits)).toBeUndefined(); // 998 bytes
    expect(jsonLimitProblem(`"${'é'.repeat(500)}"`, limits, 'Text frame')).toBe(
      'Text frame larger than 1000 bytes',
    );
  });

  it('leaves what is not JSON to JSON.parse', () => {
    expect(jsonLimitProblem('{"unterminated', limits)).toBeUndefined();
    expect(parseLimitedJson('{"unterminated', limits)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Malformed JSON: /),
    });
    expect(parseLimitedJson('[[1]]', limits)).toEqual({ ok: true, value: [[1]] });
  });

  it('answers the same when the text is short and has few brackets (no character scan)', () => {
    const roomy = { maxBytes: 1000, maxDepth: 3, maxValues: 100 };
    // Three openings at most: nothing can be nested deeper than three.
    expect(jsonLimitProblem('[[{"a":1}]]', roomy)).toBeUndefined();
    expect(jsonLimitProblem('{"a":[1,2],"b":{"c":3}}', roomy)).toBeUndefined();
    // A fourth opening, even one inside a string, sends the text to the scan, which judges it.
    expect(jsonLimitProblem('[[[{"a":1}]]]', roomy)).toBe('Frame nested deeper than 3 levels');
    expect(jsonLimitProblem('[[{"a":"{"}]]', roomy)).toBeUndefined();
    expect(jsonLimitProblem('[[{"a":{}}]]', roomy)).toBe('Frame nested deeper than 3 levels');
    // Longer than the value limit: counted, however few brackets.
    const manyValues = `[${'1,'.repeat(100)}1]`;
    expect(jsonLimitProblem(manyValues, roomy)).toBe(
      'Frame has more than 100 keys and array elements',
    );
  });

  it('refuses a frame of 120,000 keys', () => {
    const keys = Array.from({ length: 120_000 }, (_, i) => `"${i.toString(36)}":0`).join(',');
    const text = `{"typ":"cog.event","content":{${keys}}}`;
    expect(jsonLimitProblem(text, FRAME_JSON_LIMITS)).toBe(
      'Frame has more than 100000 keys and array elements',
    );
  });
});

/** Components nested `levels` deep, each inside the previous one's children. */
function nestedComponents(levels: number): ComponentNode {
  let node: ComponentNode = { component: 'Text', content: 'deepest' };
  for (let i = 1; i < levels; i++) node = { component: 'Card', children: [node] };
  return node;
}

describe('the browser decoding server frames', () => {
  it('accepts a page of components nested 29 deep and refuses one nested 5,000 deep', () => {
    const page = (levels: number) =>
      JSON.stringify({ typ: 'page.display', content: { component: nestedComponents(levels) } });
    // Written as text: JSON.stringify itself overflows the stack on nesting like this.
    const deep = `${'{"component":"Card","children":['.repeat(5000)}${']}'.repeat(5000)}`;
    const deepPage = `{"typ":"page.display","content":{"component":${deep}}}`;
    expect(decodeServerFrame(page(29)).ok).toBe(true);
    expect(decodeServerFrame(deepPage)).toEqual({
      ok: false,
      reason: 'Frame nested deeper than 64 levels',
      typ: 'page.display',
    });
  });
});

describe('peekFrameIds: naming a frame refused before parsing', () => {
  it('reads typ from the head and the request id from the tail, else the head', () => {
    const content = '['.repeat(9000) + ']'.repeat(9000);
    expect(
      peekFrameIds(`{"typ":"cog.call.response","content":${content},"request_id":"call-7"}`),
    ).toEqual({ typ: 'cog.call.response', requestId: 'call-7' });
    expect(peekFrameIds(`{"requestid":"r1","typ":"cog.event","content":${content}}`)).toEqual({
      typ: 'cog.event',
      requestId: 'r1',
    });
    expect(peekFrameIds('not json at all')).toEqual({});
    expect(peekFrameIds('{"typ":"<b>","requestid":"x\\"}')).toEqual({});
  });
});
