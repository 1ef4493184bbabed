import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPILED_FILE, compiledParsersSource } from '../../../scripts/compileProtocol';
import { decodeServerFrame, installServerFrameSchemas, serverTyps } from '../../../protocol';
import { compiledServerFrameSchemas } from '../../../protocol/compiled/serverFrames';
import * as generated from '../../../protocol/compiled/serverFrames.generated';

const TEXT = 'The answer, with its working shown: 12.5% of 2,480 is 310.';

/** Frames both good and bad, each decoded by zod's run-time parsers and by the compiled ones. */
const FRAMES: unknown[] = [
  { typ: 'assistant.message', content: { message_id: 'm1', name: 'Ada', content: TEXT } },
  {
    typ: 'display.message',
    content: { message_id: 'm2', keywords: ['a', 'b'], final: true, extra: { kept: 1 } },
    envelope: { requestId: 'r1', browserID: 'b', other: 2 },
    requestid: 'r1',
    dropped: 'not in the frame schema',
  },
  { typ: 'assistant.message', content: { message_id: 'm3', keywords: [1] } },
  { typ: 'assistant.message', content: { name: 'no id' } },
  { typ: 'assistant.message', content: { message_id: 'm4', final: 'yes' } },
  { typ: 'server.progress', content: { cid: 'c1', status: 'working-ok' } },
  { typ: 'server.progress', content: { cid: 'c1', status: 'sleeping' } },
  { typ: 'server.progress', content: { cid: 'c1', status: 'failed', error: 3 } },
  { typ: 'server.heartbeat', content: { time: 12 } },
  { typ: 'server.heartbeat', content: { time: null } },
  { typ: 'display.researchbox', content: { id: 'r1', title: 'Sources', html: `<p>${TEXT}</p>` } },
  { typ: 'server.tool.start', content: { tool_name: 'calc_evaluate' } },
  { typ: 'server.tool.start', content: {} },
  { typ: 'server.tool.start' },
  { typ: 'display.history', content: { page: 'latest', messages: [], older: false, newer: true } },
  { typ: 'display.history', content: { page: 'sideways', messages: [], older: 1, newer: true } },
  { typ: 'cog.heartbeat', content: [1, 2] },
  { typ: 'page.display', content: { component: { component: 'Box', children: 'hi' } } },
  { typ: '', content: {} },
  { typ: 'x'.repeat(201), content: {} },
  { typ: 'no.such.typ', content: {} },
  { typ: 'server.tool.start', content: { tool_name: 'a' }, envelope: 'not an object' },
  { typ: 'server.tool.start', content: { tool_name: 'a' }, request_id: 7 },
  ['not', 'a', 'frame'],
];

function decodeAll() {
  return FRAMES.map((f) => decodeServerFrame(JSON.stringify(f)));
}

describe('server frame parsers compiled at build time (scripts/compileProtocol.ts)', () => {
  const runtime = decodeAll();
  installServerFrameSchemas(compiledServerFrameSchemas());

  it('are what the script makes from today’s schemas (run npm run protocol:compile)', async () => {
    expect(fs.readFileSync(COMPILED_FILE, 'utf8')).toBe(await compiledParsersSource());
  });

  it('cover the frame and nearly every server typ (the few zod does not compile stay at run time)', () => {
    const compiled = Object.keys(generated.compiledServerContentParsers);
    expect(serverTyps.filter((t) => !compiled.includes(t))).toEqual([
      'tool.list.response',
      'page.display',
      'flow.screen.display',
      'cog.call',
    ]);
  });

  it('decode every frame as the run-time parsers do, refusals and their reasons included', () => {
    expect(decodeAll()).toStrictEqual(runtime);
    expect(runtime.filter((d) => d.ok)).toHaveLength(9);
  });
});
