// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { addCompileHint, COMPILE_HINT, compileHints } from '../../../vite.config';

/**
 * The entry and the signed-in code start with V8's compile hint on their first line (the only
 * place V8 reads it), and what the server sends of them (the brotli and gzip copies) and what
 * DevTools maps them back with (the source map) agree with the file.
 */

const CODE = 'const __vite__mapDeps=(i)=>i;\nexport function f(){return 1}\n';
// Line 2, column 0 of CODE maps to line 7 of src/f.ts.
const MAP = { version: 3, sources: ['src/f.ts'], names: [], mappings: ';AAMA' };

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeChunk(name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, CODE);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(CODE));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(CODE));
  fs.writeFileSync(`${file}.map`, JSON.stringify(MAP));
  return file;
}

describe('compile hints', () => {
  it('puts the hint on the first line, above the preload map, and remakes the copies and map', () => {
    const file = writeChunk('index-abc.js');
    addCompileHint(file);
    const code = fs.readFileSync(file, 'utf8');
    expect(code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(code.slice(COMPILE_HINT.length + 1)).toBe(CODE);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(code);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(code);
    const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    expect(map.originalPositionFor({ line: 3, column: 0 })).toMatchObject({
      source: 'src/f.ts',
      line: 7,
    });
  });

  it('adds it once, however often it runs', () => {
    const file = writeChunk('index-abc.js');
    addCompileHint(file);
    addCompileHint(file);
    expect(fs.readFileSync(file, 'utf8').split(COMPILE_HINT).length).toBe(2);
  });

  it('hints the named chunks only, after the bundle is written', () => {
    const hinted = writeChunk('index-abc.js');
    const other = writeChunk('mui-def.js');
    const bundle = {
      'index-abc.js': { type: 'chunk', name: 'index', fileName: 'index-abc.js' },
      'mui-def.js': { type: 'chunk', name: 'mui', fileName: 'mui-def.js' },
      'index-abc.js.br': { type: 'asset', fileName: 'index-abc.js.br' },
    } as unknown as OutputBundle;
    const plugin = compileHints(new Set(['index']));
    const hook = plugin.writeBundle as { handler: (o: { dir: string }, b: OutputBundle) => void };
    hook.handler({ dir }, bundle);
    expect(fs.readFileSync(hinted, 'utf8').startsWith(COMPILE_HINT)).toBe(true);
    expect(fs.readFileSync(other, 'utf8')).toBe(CODE);
  });
});
