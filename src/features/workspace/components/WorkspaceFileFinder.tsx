import { lazy, Suspense } from 'react';

// The finder (and its previews) loads the first time it is opened.
const FileFinderDialog = lazy(() =>
  import('../../drives/finder/FileFinderDialog').then((m) => ({ default: m.FileFinderDialog })),
);

export type FinderState = 'never' | 'open' | 'closed';

/**
 * The workspace's File Finder. It belongs to the page, not to the experts'
 * column that opens it: on a phone that column is a drawer, which closes (and
 * a turned screen swaps for a column) while the finder stays open.
 */
export function WorkspaceFileFinder({
  state,
  onClose,
  workspaceId,
}: {
  state: FinderState;
  onClose: () => void;
  workspaceId: string;
}) {
  if (state === 'never') return null;
  return (
    <Suspense fallback={null}>
      <FileFinderDialog open={state === 'open'} onClose={onClose} workspaceId={workspaceId} />
    </Suspense>
  );
}
