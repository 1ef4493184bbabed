/**
 * Seeded generators of hostile socket frames: mutations of valid ones, random
 * JSON, deep nesting, huge strings, prototype-pollution keys, binary and
 * invalid UTF-8. The same seed gives the same frames, so a failure reproduces
 * with FUZZ_SEED=<seed>.
 */

export type Rng = () => number;

/** mulberry32: small, fast, good enough to pick fuzz cases. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 14_0203);

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** A socket message: text or binary, and a word on what it is for failure messages. */
export interface FuzzFrame {
  data: string | Buffer;
  binary: boolean;
  kind: string;
}

const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'name',
  'message',
  'level',
  'status',
  'result',
  'error',
  'appName',
  'cogs',
  'module',
  'cog',
  'annotations',
  'request_id',
  'typ',
  'content',
  'a',
  '',
];

const STRINGS = [
  '',
  'x',
  'ünïcödé ✓ 𝄞',
  '\u0000\u001f',
  '"quoted" \\ back\\slash',
  '</script><img src=x onerror=alert(1)>',
  '${7*7}',
  '\ud800', // a lone surrogate
];

/** A huge string: usually under the 1 MiB frame limit, sometimes over it. */
export const hugeString = (rng: Rng) => 'A'.repeat(int(rng, 50_000, 1_200_000));

/** Text of `levels` nested objects or arrays around a value. */
export function deepText(rng: Rng, levels: number): string {
  const open = rng() < 0.5 ? '[' : `{${JSON.stringify(pick(rng, KEYS))}:`;
  const close = open === '[' ? ']' : '}';
  return open.repeat(levels) + '1' + close.repeat(levels);
}

/** Random JSON text, small and shallow unless a deep or huge piece is drawn. */
export function randomJson(rng: Rng, depth = 0): string {
  const r = rng();
  if (depth > 3 || r < 0.3) {
    return pick(rng, [
      () => String(int(rng, -1e6, 1e6)),
      () => pick(rng, ['1e308', '-0', '0.1', '123456789012345678901234567890']),
      () => pick(rng, ['true', 'false', 'null']),
      () => JSON.stringify(pick(rng, STRINGS)),
    ])();
  }
  if (r < 0.33) return deepText(rng, int(rng, 30, 3000));
  if (r < 0.34) return JSON.stringify(hugeString(rng));
  if (r < 0.65) {
    const n = int(rng, 0, 5);
    return `[${Array.from({ length: n }, () => randomJson(rng, depth + 1)).join(',')}]`;
  }
  const n = int(rng, 0, 5);
  const entries = Array.from(
    { length: n },
    () => `${JSON.stringify(pick(rng, KEYS))}:${randomJson(rng, depth + 1)}`,
  );
  return `{${entries.join(',')}}`;
}

/** A JSON value that is usually right for `valid` and sometimes of a wrong type. */
const maybe = (rng: Rng, valid: string) => (rng() < 0.7 ? valid : randomJson(rng));

/** The text of a cog.hello, cog.call.response or cog.event, often slightly wrong. */
function appContent(rng: Rng, typ: string, appName: string): string {
  if (typ === 'cog.hello') {
    const cog = `{"module":${maybe(rng, '"tools"')},"cog":${maybe(rng, '"fuzzed"')},"annotations":${maybe(rng, '{"callable":{}}')}}`;
    return `{"appName":${maybe(rng, JSON.stringify(appName))},"processId":${maybe(rng, '1')},"cogs":${maybe(rng, `[${cog}]`)}}`;
  }
  if (typ === 'cog.call.response')
    return `{"status":${maybe(rng, pick(rng, ['"success"', '"error"']))},"result":${randomJson(rng)},"error":${maybe(rng, '"failed"')}}`;
  const extra = rng() < 0.5 ? `,${JSON.stringify(pick(rng, KEYS))}:${randomJson(rng)}` : '';
  return `{"name":${maybe(rng, '"fuzz"')},"message":${maybe(rng, '"m"')},"level":${maybe(rng, '"error"')}${extra}}`;
}

export const INVALID_UTF8 = 'invalid UTF-8 text';
/** Bytes that are not UTF-8, sent as a text frame: ws closes the socket with 1007. */
const invalidUtf8 = () => Buffer.from([0x7b, 0xff, 0xfe, 0xc3, 0x28, 0x7d]);

/** A hostile frame for a remote app's socket (already registered as `appName`). */
export function appFrame(rng: Rng, appName: string): FuzzFrame {
  const r = rng();
  const text = (data: string, kind: string): FuzzFrame => ({ data, binary: false, kind });
  if (r < 0.45) {
    const typ = pick(rng, ['cog.hello', 'cog.call.response', 'cog.event']);
    const requestId = rng() < 0.5 ? `,"request_id":${maybe(rng, '"r1"')}` : '';
    return text(
      `{"typ":"${typ}","content":${appContent(rng, typ, appName)}${requestId}}`,
      `mutated ${typ}`,
    );
  }
  if (r < 0.55)
    return text(
      `{"typ":${maybe(rng, pick(rng, ['"user.message"', '"cog.call"', '"scontext.set"', '"no.such"', '""']))},"content":${randomJson(rng)}}`,
      'other typ',
    );
  if (r < 0.65) return text(randomJson(rng), 'random JSON');
  if (r < 0.73)
    return text(
      `{"typ":"cog.event","content":{"name":"deep","data":${deepText(rng, int(rng, 60, 20_000))}}}`,
      'deep cog.event',
    );
  if (r < 0.76)
    return text(
      `{"typ":"cog.event","content":{"name":"huge","message":${JSON.stringify(hugeString(rng))}}}`,
      'huge cog.event',
    );
  if (r < 0.82)
    return text(
      pick(rng, [
        '{"typ":"cog.event","content":{"__proto__":{"polluted":"yes"},"name":"p"}}',
        '{"typ":"cog.event","content":{"constructor":{"prototype":{"polluted":"yes"}},"name":"p"}}',
        '{"__proto__":{"typ":"cog.event","content":{}},"typ":"cog.event","content":{"name":"p"}}',
        '{"typ":"cog.call.response","content":{"status":"success","result":{"__proto__":{"polluted":"yes"}}},"request_id":"__proto__"}',
        '{"typ":"cog.hello","content":{"appName":"x","cogs":[{"module":"__proto__","cog":"constructor","annotations":{"__proto__":{"polluted":"yes"}}}]}}',
      ]),
      'prototype keys',
    );
  if (r < 0.9) {
    const valid = `{"typ":"cog.event","content":{"name":"cut","message":"${'m'.repeat(int(rng, 0, 50))}"}}`;
    return text(valid.slice(0, int(rng, 0, valid.length - 1)), 'truncated JSON');
  }
  if (r < 0.97) return { data: randomBytes(rng), binary: true, kind: 'binary' };
  if (r < 0.99) return text('\u0000\u0001 not json at all \uffff', 'not JSON');
  return { data: invalidUtf8(), binary: false, kind: INVALID_UTF8 };
}

function randomBytes(rng: Rng, max = 4096): Buffer {
  const out = Buffer.alloc(int(rng, 0, max));
  for (let i = 0; i < out.length; i++) out[i] = int(rng, 0, 255);
  return out;
}

/** A frame for the dictation socket: audio, `end`, and everything else. */
export function audioFrame(rng: Rng): FuzzFrame {
  const r = rng();
  const text = (data: string, kind: string): FuzzFrame => ({ data, binary: false, kind });
  if (r < 0.35) {
    // Even lengths are whole samples; a few are large.
    const samples = rng() < 0.05 ? int(rng, 20_000, 200_000) : int(rng, 0, 4096);
    return { data: tone(samples), binary: true, kind: 'audio' };
  }
  if (r < 0.45) return { data: randomBytes(rng, 9000), binary: true, kind: 'binary of any length' };
  if (r < 0.6) return text('{"type":"end"}', 'end');
  if (r < 0.7)
    return text(
      pick(rng, [
        '{"type":"END"}',
        '{"type":["end"]}',
        '{"type":"end","__proto__":{"polluted":"yes"}}',
        '{"constructor":{"prototype":{"polluted":"yes"}},"type":"end"}',
        '"end"',
        '{"type":null}',
        '',
      ]),
      'wrong control',
    );
  if (r < 0.8) return text(randomJson(rng), 'random JSON');
  if (r < 0.88) return text(deepText(rng, int(rng, 5, 20_000)), 'deep text');
  if (r < 0.95) return text(JSON.stringify({ type: hugeString(rng) }), 'huge text');
  if (r < 0.99) return text('{"type":"end"'.slice(0, int(rng, 1, 12)), 'truncated JSON');
  return { data: invalidUtf8(), binary: false, kind: INVALID_UTF8 };
}

/** `samples` of a 440 Hz tone as 16-bit PCM at 44.1 kHz. */
function tone(samples: number): Buffer {
  const out = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 44100)), i * 2);
  return out;
}
