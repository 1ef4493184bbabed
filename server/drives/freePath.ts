import { UserError } from '../cog/userError';
import type { DrivesRepository } from '../store/drives';
import { MAX_PATH_LENGTH } from './paths';

/** Names tried before giving up ("report (2).pdf" … "report (1000).pdf"). */
const MAX_TRIES = 1000;

/**
 * `path` when no file is there, else the first free "name (n).ext" beside
 * it ("report (2).pdf"): the Keep both of a re-upload. Runs inside the
 * upload's transaction, so two uploads of one name do not pick the same one.
 */
export async function freePath(repo: DrivesRepository, driveId: string, path: string) {
  if (!(await repo.fileByPath(driveId, path))) return path;
  const slash = path.lastIndexOf('/');
  const folder = path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  // "report (2).pdf" uploaded again becomes "report (3).pdf", not "report (2) (2).pdf".
  const numbered = /^(.*) \((\d+)\)$/.exec(stem);
  const base = numbered ? numbered[1]! : stem;
  for (let n = numbered ? Number(numbered[2]) + 1 : 2; n < MAX_TRIES + 2; n++) {
    const candidate = `${folder}${base} (${n})${ext}`;
    if (candidate.length > MAX_PATH_LENGTH) break;
    if (!(await repo.fileByPath(driveId, candidate))) return candidate;
  }
  throw new UserError(
    `No free name beside "${path.slice(0, 300)}": rename the file and upload it again`,
    409,
  );
}
