import {
  WORKSPACE_OPERATION_TIMEOUT_MS,
  type ServerContent,
  type ServerFrame,
  type WorldMember,
} from '../../../protocol';
import { t } from '../../i18n/i18n';
import type { CogRequestAction } from '../../ws/cogActions';
import { requestFrame } from '../../ws/cogMiddleware';

type Dispatch = (a: CogRequestAction) => unknown;
export type AccessDetails = ServerContent<'workspace.access.details.response'>;

/** Made at each request, so the timeout's words are in the language of the moment. */
const options = () => ({
  timeoutMs: WORKSPACE_OPERATION_TIMEOUT_MS,
  timeoutMessage: t('Operation timeout after {{ms}}ms', { ms: WORKSPACE_OPERATION_TIMEOUT_MS }),
});

/** A refused request's words: a server.error answering it, or an error response. */
function refusal(frame: ServerFrame): string | null {
  const content = frame.content as { status?: unknown; error?: unknown; message?: unknown } | null;
  if (frame.typ === 'server.error' || content?.status === 'error') {
    const text = content?.error ?? content?.message;
    return typeof text === 'string' && text ? text : t('Operation failed');
  }
  return null;
}

function answered(frame: ServerFrame): ServerFrame {
  const error = refusal(frame);
  if (error) throw new Error(error);
  return frame;
}

/** Who may open the open workspace (the socket's workspace_id). */
export async function fetchAccess(dispatch: Dispatch): Promise<AccessDetails> {
  const frame = answered(await requestFrame(dispatch, 'workspace.access.details', {}, options()));
  return frame.content as AccessDetails;
}

/** The world's members, to invite (the workspace's creator or a world admin only). */
export async function fetchMembers(dispatch: Dispatch): Promise<WorldMember[]> {
  const frame = answered(await requestFrame(dispatch, 'workspace.access.members', {}, options()));
  return (frame.content as ServerContent<'workspace.access.members.response'>).members;
}

/** One change of who may open it; throws the server's reason when refused. */
export async function changeAccess(
  dispatch: Dispatch,
  change:
    | { typ: 'workspace.access.share'; shared: boolean }
    | { typ: 'workspace.access.invite'; user_id: string }
    | { typ: 'workspace.access.remove'; user_id: string },
): Promise<void> {
  const frame =
    change.typ === 'workspace.access.share'
      ? await requestFrame(dispatch, change.typ, { shared: change.shared }, options())
      : await requestFrame(dispatch, change.typ, { user_id: change.user_id }, options());
  answered(frame);
}
