import { delay, putResolve, race } from 'redux-saga/effects';
import {
  WORKSPACE_OPERATION_TIMEOUT_MS,
  type ClientContent,
  type ClientTyp,
  type ServerFrame,
} from '../../protocol';
import { t } from '../i18n/i18n';
import { cogRequest } from '../ws/cogActions';

/** A workspace step that did not succeed; its message is the spec's text for why. */
export class OperationError extends Error {}

/**
 * One workspace request and its answer (SPEC §8 texts): a timeout, no
 * response, or a response whose status is not 'success' (its error or
 * message, else 'Operation failed') each throw an OperationError.
 */
export function* workspaceOperation<T extends ClientTyp>(typ: T, content: ClientContent<T>) {
  const { reply, timeout } = (yield race({
    reply: putResolve(
      cogRequest(typ, content, { timeoutMs: WORKSPACE_OPERATION_TIMEOUT_MS + 1000 }),
    ),
    timeout: delay(WORKSPACE_OPERATION_TIMEOUT_MS),
  })) as { reply?: ServerFrame; timeout?: true };
  if (timeout)
    throw new OperationError(
      t('Operation timeout after {{ms}}ms', { ms: WORKSPACE_OPERATION_TIMEOUT_MS }),
    );
  const body = reply?.content as { status?: string; error?: string; message?: string } | undefined;
  if (!body) throw new OperationError(t('Operation completed but no response received'));
  if (body.status !== 'success')
    throw new OperationError(body.error ?? body.message ?? t('Operation failed'));
  return body;
}
