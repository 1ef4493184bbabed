import { describe, expect, it } from 'vitest';
import { encodeFilePath, fileViewerUrl } from '../../../protocol/paths';
import {
  readDrives,
  readFileList,
  readFileResponse,
  readSearch,
} from '../../../src/features/drives/drivesApi';

describe('drive response readers (SPEC §7 shapes)', () => {
  const drive = { Name: 'docs', TotalSize: 10, FileCount: 1, Tags: [{ Name: 'a', Count: 1 }] };

  it('reads the drives from a list, a drives list, or data.data; anything else is undefined', () => {
    expect(readDrives({ status: 'success', data: [drive] })).toEqual([drive]);
    expect(readDrives({ status: 'success', data: { drives: [drive] } })).toEqual([drive]);
    expect(readDrives({ status: 'success', data: { data: [drive] } })).toEqual([drive]);
    expect(readDrives({ data: [{ id: 'x' }] })?.[0]?.Name).toBe('x');
    expect(readDrives({ status: 'success', data: 'x' })).toBeUndefined();
    expect(readDrives('nope')).toBeUndefined();
  });

  it('reads a file list from data.data, filling PageCount from the total', () => {
    const f = {
      Path: 'a/b.txt',
      Name: 'b.txt',
      MimeType: 'text/plain',
      Size: 3,
      Tags: [],
      UpdatedAt: '',
    };
    const list = readFileList({ data: { data: { Files: [f], TotalCount: 101 } } }, 50);
    expect(list?.Files[0]?.Path).toBe('a/b.txt');
    expect(list?.PageCount).toBe(3);
    expect(readFileList({ data: { data: {} } }, 50)).toBeUndefined();
  });

  it('reads a file whose content is a byte array as base64', () => {
    const file = readFileResponse({
      data: { Path: 'x.txt', MimeType: 'text/plain', Content: [104, 105] },
    });
    expect(file?.Content).toBe('aGk=');
    expect(file?.HasContent).toBe(true);
    expect(file?.Name).toBe('x.txt');
  });

  it('reads search results from results/total or Results/TotalCount', () => {
    const hit = { File: { Path: 'p.md' }, Score: 0.5, Snippet: '«p»' };
    expect(readSearch({ data: { results: [hit], total: 7 } })).toMatchObject({
      total: 7,
      results: [{ File: { Path: 'p.md' }, Score: 0.5, Snippet: '«p»' }],
    });
    expect(readSearch({ data: { Results: [hit], TotalCount: 1 } })?.results).toHaveLength(1);
    expect(readSearch({ data: { hits: [] } })).toBeUndefined();
  });

  it('encodes each path segment and keeps the slashes', () => {
    expect(encodeFilePath('a b/c#d.md')).toBe('a%20b/c%23d.md');
    expect(fileViewerUrl('my drive', 'x/y?.md')).toBe('/emdrive/my%20drive/file/x/y%3F.md');
  });
});
