import type { BlobStore } from './types';

/**
 * Removes the blob unless a drive file refers to it or a live writer leases
 * it, in any process. Asking is not enough: between the answer and the
 * removal another instance may lease these bytes, find them present and skip
 * writing them. So the blob is first moved out of sight, and the store asked
 * again: a lease taken before the move shows now (and the blob goes back); one
 * taken after it finds the blob missing and writes its own copy. A commit
 * writes its rows before it drops its lease, and `isWanted` sees both in one
 * snapshot, so no moment shows neither. Returns whether the blob was removed.
 */
export async function removeUnwanted(
  blobs: BlobStore,
  isWanted: (hash: string) => Promise<boolean>,
  hash: string,
): Promise<boolean> {
  if (await isWanted(hash)) return false;
  const quarantined = await blobs.quarantine(hash);
  if (quarantined === undefined) return false; // gone already
  let wanted = true;
  try {
    wanted = await isWanted(hash);
  } finally {
    // When the store cannot answer, the blob goes back: keeping is always safe.
    if (wanted) await blobs.restore(quarantined);
  }
  if (wanted) return false;
  await blobs.discard(quarantined);
  return true;
}
