import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Drives } from '../../server/drives/driveService';
import { extractText, htmlToText, jsonToText } from '../../server/drives/extract';
import { normalizeDrivePath, normalizeFolder, normalizePrefix } from '../../server/drives/paths';
import { queryWords } from '../../server/drives/search';
import { ftsQuery } from '../../server/store/driveDialect';
import { listDocuments, seedDrives, SEED_DOCUMENTS_DIR } from '../../server/seed/drives';
import { sniffBuffer } from '../../server/drives/sniff';
import type { Store } from '../../server/store';
import { seedDemo } from '../../server/seed/demo';
import { makePdf, PNG_BYTES } from './driveHelpers';
import { ADMIN, openTestStore } from './harness';

describe('drive paths', () => {
  it('accepts relative paths and refuses everything that could leave the drive', () => {
    expect(normalizeDrivePath('docs/2024/report.pdf')).toBe('docs/2024/report.pdf');
    expect(normalizeDrivePath('a b/ç.md')).toBe('a b/ç.md');
    for (const bad of [
      '',
      '../x',
      'a/../b',
      'a/..',
      '/etc/passwd',
      'C:/x',
      'a\\b',
      'a\0b',
      'a//b',
      'a/',
      './a',
      'x'.repeat(1025),
      'a\nb',
    ])
      expect(() => normalizeDrivePath(bad), JSON.stringify(bad)).toThrow();
    expect(normalizeFolder(undefined)).toBe('');
    expect(normalizeFolder('/')).toBe('');
    expect(normalizeFolder('docs/')).toBe('docs');
    expect(() => normalizeFolder('/docs')).toThrow('Folder must be relative');
    expect(normalizePrefix('docs/')).toBe('docs/');
    expect(normalizePrefix('docs/rep')).toBe('docs/rep');
    expect(() => normalizePrefix('../')).toThrow('".." segments');
  });
});

describe('sniffing', () => {
  it('trusts bytes over names', async () => {
    expect(await sniffBuffer(PNG_BYTES, 'photo.txt')).toBe('image/png');
    expect(await sniffBuffer(makePdf('x'), 'notes.md')).toBe('application/pdf');
    expect(await sniffBuffer(Buffer.from('<html><body>x</body></html>'), 'cat.png')).toBe(
      'text/html',
    );
    expect(await sniffBuffer(Buffer.from('just words'), 'cat.png')).toBe('text/plain');
    expect(await sniffBuffer(Buffer.from('# Title'), 'a.md')).toBe('text/markdown');
    expect(await sniffBuffer(Buffer.from('def f(): pass'), 'a.py')).toBe('text/x-python');
    expect(await sniffBuffer(Buffer.from('<svg xmlns="x"></svg>'), 'a.svg')).toBe('image/svg+xml');
    expect(await sniffBuffer(Buffer.from([0x00, 0x01, 0x02, 0x41]), 'a.txt')).toBe(
      'application/octet-stream',
    );
    expect(await sniffBuffer(Buffer.from([0xc3, 0x28]), 'a.txt')).toBe('application/octet-stream');
  });
});

describe('text extraction', () => {
  it('reads HTML without tags, JSON as keys and values, and PDFs', async () => {
    expect(htmlToText('<p>A &amp; B</p><script>x()</script><!-- c --><p>C&#233;</p>')).toBe(
      'A & B\nCé',
    );
    expect(jsonToText('{"a":{"b":["x",1]}}')).toBe('a\nb\nx\n1');
    expect(jsonToText('not json')).toBe('not json');
    expect(await extractText('application/pdf', makePdf('Hello (PDF) world'))).toBe(
      'Hello (PDF) world',
    );
    await expect(extractText('application/pdf', Buffer.from('%PDF-1.4\nnope'))).rejects.toThrow(
      /^Could not read this PDF: /,
    );
    expect(await extractText('image/png', PNG_BYTES)).toBeUndefined();
  });

  it('reads HTML with a real tokenizer: blocks break lines, inline runs on, hidden parts go', () => {
    expect(
      htmlToText(
        '<html><head><title>T&amp;C</title><style>p{}</style></head><body>' +
          '<template><p>no</p></template><span>Ro</span><b>ad</b> map&nbsp;2030<br>next' +
          '<noscript>enable js</noscript><table><tr><td>1</td><td>2</td></tr></table>' +
          '<SCRIPT>alert(1)</SCRIPT><script/>still script</script>end<!-- note --></body></html>',
      ),
    ).toBe('T&C\nRoad map 2030\nnext\n1\n2\nend');
  });

  it('takes linear time on markup built to make regexes backtrack or parsers nest', () => {
    // The regex version took 17 s on 40,000 '<script ' and minutes on these.
    for (const hostile of [
      '<script '.repeat(200_000),
      '<div>'.repeat(300_000),
      '</x>'.repeat(300_000),
      '<!--'.repeat(300_000),
      '<a b='.repeat(300_000),
    ]) {
      const started = performance.now();
      htmlToText(hostile);
      expect(performance.now() - started, hostile.slice(0, 10)).toBeLessThan(3000);
    }
  });

  it('walks JSON of any depth without overflowing the stack', () => {
    const depth = 1_000_000;
    expect(jsonToText('['.repeat(depth) + '"deep"' + ']'.repeat(depth))).toBe('deep');
    expect(jsonToText('{"k":'.repeat(100_000) + '7' + '}'.repeat(100_000)).split('\n')).toEqual([
      ...Array(100_000).fill('k'),
      '7',
    ]);
  });
});

describe('full-text queries', () => {
  it('quotes every word so no FTS syntax gets through', () => {
    expect(queryWords('budget AND "x" OR NEAR(y) -z*')).toEqual([
      'budget',
      'AND',
      'x',
      'OR',
      'NEAR',
      'y',
      'z',
    ]);
    expect(ftsQuery(['a', 'b'], 'and')).toBe('"a" "b"');
    expect(ftsQuery(['a', 'b'], 'and', true)).toBe('"a" "b"*');
    expect(ftsQuery(['a', 'b'], 'or')).toBe('"a" OR "b"');
  });
});

describe('seedDrives', () => {
  let dir: string;
  let store: Store;
  let drives: Drives;
  afterEach(async () => {
    await drives.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-seed-'));
    store = await openTestStore(dir);
    await seedDemo(store, ADMIN);
    drives = new Drives({ store, dataDir: dir, maxUploadBytes: 10 * 1024 * 1024 });
  }

  it('fills a Library drive per demo world from a folder, with tags, once', async () => {
    await open();
    const docs = path.join(dir, 'docs');
    fs.mkdirSync(path.join(docs, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(docs, 'a.md'), '# Alpha');
    fs.writeFileSync(path.join(docs, 'sub', 'b.txt'), 'beta text');
    fs.writeFileSync(
      path.join(docs, 'tags.json'),
      JSON.stringify({ 'sub/b.txt': ['greek', 'letters'] }),
    );
    expect(listDocuments(docs)).toEqual(['a.md', 'sub/b.txt']);
    expect(await seedDrives(store, dir, drives, { documentsDir: docs })).toEqual({
      drives: 2,
      files: 4,
    });
    const lib = (await drives.driveByName('acme_research', 'Library'))!;
    const { Files } = await drives.listFiles(lib, { limit: 10 });
    expect(Files.map((f) => [f.Path, f.Tags])).toEqual([
      ['a.md', []],
      ['sub/b.txt', ['greek', 'letters']],
    ]);
    expect((await seedDrives(store, dir, drives, { documentsDir: docs })).files).toBe(0);
  });

  it('seeds the shipped documents; every one is indexed without errors', async () => {
    await open();
    const shipped = listDocuments(SEED_DOCUMENTS_DIR);
    const result = await seedDrives(store, dir, drives);
    expect(result.files).toBe(shipped.length * 2);
    await drives.whenIndexed();
    const lib = (await drives.driveByName('innovation-lab', 'Library'))!;
    const { Files } = await drives.listFiles(lib, { limit: 1000 });
    expect(Files.filter((f) => f.IndexError)).toEqual([]);
    expect(
      (await store.console.list('innovation-lab')).filter((m) => m.app_name === 'drives'),
    ).toEqual([]);
    for (const f of Files.filter((f) => f.MimeType === 'application/pdf'))
      expect((await drives.textOf(lib, f.Path))?.length ?? 0).toBeGreaterThan(20);
  });
});
