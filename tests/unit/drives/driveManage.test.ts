import { describe, expect, it } from 'vitest';
import {
  describeSelection,
  folderOf,
  foldersAbove,
  splitTagList,
} from '../../../src/features/drives/manage/selection';
import { undecided, withFilesAdded } from '../../../src/features/drives/upload/uploadItems';
import { readDrive } from '../../../src/features/drives/drivesApi';
import { openingNamespace, ALL_NAMESPACES } from '../../../src/features/admin/commands/commandsApi';

describe('what an administrator acts on', () => {
  it('names a selection for its confirmation', () => {
    expect(describeSelection({ paths: ['a/b.txt'], folders: [] })).toBe('"a/b.txt"');
    expect(describeSelection({ paths: ['a', 'b', 'c'], folders: [] })).toBe('3 files');
    expect(describeSelection({ paths: [], folders: ['docs'] })).toBe('folder "docs"');
    expect(describeSelection({ paths: ['x', 'y'], folders: ['d1', 'd2'] })).toBe(
      '2 folders and 2 files',
    );
  });

  it('reads tags, folders and the folders above a path', () => {
    expect(splitTagList(' a, ,b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(folderOf('top.txt')).toBe('');
    expect(folderOf('a/b/c.txt')).toBe('a/b');
    expect(foldersAbove('a/b/c.txt')).toEqual(['a', 'a/b']);
    expect(foldersAbove('c.txt')).toEqual([]);
  });
});

describe('re-uploads', () => {
  it('holds back files whose name the drive has until Replace or Keep both is chosen', () => {
    const items = withFilesAdded([], [new File(['1'], 'a.txt'), new File(['2'], 'b.txt')]);
    const [a, b] = items;
    expect(undecided(items)).toEqual([]);
    const marked = [
      { ...a!, exists: true },
      { ...b!, exists: false },
    ];
    expect(undecided(marked).map((i) => i.name)).toEqual(['a.txt']);
    expect(undecided([{ ...marked[0]!, ifTaken: 'keepBoth' as const }, marked[1]!])).toEqual([]);
    // An uploaded one is not asked about again.
    expect(undecided([{ ...marked[0]!, status: 'uploaded' as const }])).toEqual([]);
  });
});

describe('drive storage and the commands page', () => {
  it('reads the storage an admin listing adds, and ignores it when absent', () => {
    expect(
      readDrive({
        Name: 'D',
        TotalSize: 1,
        FileCount: 1,
        Tags: [],
        Storage: { VersionCount: 2, VersionsSize: 30, TrashCount: 1, TrashSize: 5 },
      })?.Storage,
    ).toEqual({ VersionCount: 2, VersionsSize: 30, TrashCount: 1, TrashSize: 5 });
    expect(readDrive({ Name: 'D' })?.Storage).toBeUndefined();
  });

  it('opens Registered Commands on the workspace namespace, else all of them', () => {
    expect(openingNamespace(['remote', 'workspace'])).toBe('workspace');
    expect(openingNamespace(['remote'])).toBe(ALL_NAMESPACES);
    expect(openingNamespace(undefined)).toBe(ALL_NAMESPACES);
  });
});
