import type { UploadConflict } from '../../../../protocol';

/** The Upload Files dialog's list (SPEC §3 "Upload item", §4). */

export type UploadStatus = 'idle' | 'uploading' | 'uploaded' | 'error';

export interface UploadItem {
  id: string;
  file: File;
  name: string;
  size: number;
  /** 0..100 */
  progress: number;
  status: UploadStatus;
  error?: string;
  /** A file of this name is in the drive already (asked before sending). */
  exists?: boolean;
  /** What that file becomes: a version under this one (replace), or this one gets a free name. */
  ifTaken?: UploadConflict;
}

/** Items whose name is taken in the drive and that nobody has said Replace or Keep both for. */
export const undecided = (items: UploadItem[]): UploadItem[] =>
  itemsToSend(items).filter((i) => i.exists === true && i.ifTaken === undefined);

let nextId = 0;

/** Adds chosen or dropped files; a name already listed, or twice in the selection, is ignored. */
export function withFilesAdded(items: UploadItem[], files: Iterable<File>): UploadItem[] {
  const names = new Set(items.map((i) => i.name));
  const added: UploadItem[] = [];
  for (const file of files) {
    if (names.has(file.name)) continue;
    names.add(file.name);
    nextId += 1;
    added.push({
      id: `upload-${nextId}`,
      file,
      name: file.name,
      size: file.size,
      progress: 0,
      status: 'idle',
    });
  }
  return added.length ? [...items, ...added] : items;
}

/** Items a press of Upload sends: already uploaded or uploading ones are skipped. */
export const itemsToSend = (items: UploadItem[]): UploadItem[] =>
  items.filter((i) => i.status === 'idle' || i.status === 'error');

export const withItemChanged = (
  items: UploadItem[],
  id: string,
  change: Partial<Omit<UploadItem, 'id' | 'file'>>,
): UploadItem[] => items.map((i) => (i.id === id ? { ...i, ...change } : i));

/** Runs `work` over the items, at most `limit` at a time. */
export async function inBatches<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
