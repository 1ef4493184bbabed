import {
  WORKSPACE_OPERATION_TIMEOUT_MS,
  type ClientContent,
  type ClientTyp,
} from '../../../../protocol';
import { t } from '../../../i18n/i18n';
import { flashShown } from '../../flash/flashSlice';
import { requestFrame } from '../../../ws/cogMiddleware';
import type { CogRequestAction } from '../../../ws/cogActions';

type Dispatch = (action: CogRequestAction | ReturnType<typeof flashShown>) => unknown;

/**
 * One of the sidebar's writes (workspace.rename, .pin, …) and its answer:
 * true on 'success'; otherwise the server's reason (or the spec's timeout
 * text) is flashed as an error and false returned.
 */
export async function sidebarOperation<T extends ClientTyp>(
  dispatch: Dispatch,
  typ: T,
  content: ClientContent<T>,
): Promise<boolean> {
  let error: string;
  try {
    const reply = await requestFrame(dispatch, typ, content, {
      timeoutMs: WORKSPACE_OPERATION_TIMEOUT_MS,
    });
    const body = reply.content as { status?: string; error?: string; message?: string };
    if (body.status === 'success') return true;
    error = body.error ?? body.message ?? t('Operation failed');
  } catch (err) {
    error = err instanceof Error ? err.message : t('Operation failed');
  }
  dispatch(flashShown(error, 'error'));
  return false;
}
