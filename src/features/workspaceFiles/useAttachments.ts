import { useCallback, useEffect, useRef, useState } from 'react';
import { workspaceFilesPath } from '../../../protocol';
import { useAppDispatch } from '../../store/hooks';
import { uploadFile } from '../drives/upload/uploadFile';
import { workspaceFilesChanged } from './workspaceFilesApi';

/** A file on its way from the message box to the workspace. */
export interface PendingAttachment {
  key: string;
  name: string;
  /** 0..100 */
  progress: number;
  /** The server's error or 'Upload failed. Please try again.' once it failed. */
  error?: string;
}

let counter = 0;

/**
 * Files picked, dropped or pasted into the message box: each is uploaded on
 * its own (POST /api/workspaces/{id}/files, the drive upload path into the
 * world's default drive) with its progress; a finished one leaves this list
 * for the workspace's file chips, a failed one stays with its error until
 * dismissed. What is typed in the box is never touched.
 */
export function useAttachments(workspaceId: string | null, worldId: string) {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState<PendingAttachment[]>([]);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const update = (key: string, change: Partial<PendingAttachment> | null) =>
    setPending((list) =>
      change === null
        ? list.filter((p) => p.key !== key)
        : list.map((p) => (p.key === key ? { ...p, ...change } : p)),
    );

  const attach = useCallback(
    (files: File[]) => {
      if (!workspaceId) return;
      // The same name twice in one pick is one file (SPEC: duplicates in a selection ignored).
      const unique = files.filter((f, i) => files.findIndex((g) => g.name === f.name) === i);
      const items = unique.map((file) => ({ file, key: `a${++counter}` }));
      setPending((list) => [
        ...list,
        ...items.map(({ file, key }) => ({ key, name: file.name, progress: 0 })),
      ]);
      for (const { file, key } of items) {
        void uploadFile({
          drive: '',
          url: `${window.location.origin}${workspaceFilesPath(workspaceId)}`,
          file,
          worldId,
          onProgress: (progress) => live.current && update(key, { progress }),
        }).then((outcome) => {
          if (!live.current) return;
          if (outcome.ok) {
            update(key, null);
            dispatch(workspaceFilesChanged(workspaceId));
          } else update(key, { error: outcome.error });
        });
      }
    },
    [dispatch, workspaceId, worldId],
  );

  const dismiss = useCallback((key: string) => update(key, null), []);
  return { pending, attach, dismiss };
}
