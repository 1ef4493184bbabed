import {
  COMMAND_TIMEOUT_MS,
  type Command,
  type CommandEffect,
  type ServerFrame,
} from '../../../protocol';
import { t, tKey } from '../../i18n/i18n';
import type { CogRequestAction } from '../../ws/cogActions';
import { requestFrame } from '../../ws/cogMiddleware';

/** Rejection text when a command request gets no answer in 30 s (SPEC §8). */
export const COMMAND_TIMEOUT_MESSAGE = tKey('Request timed out');

type Dispatch = (action: CogRequestAction) => unknown;

/** Made at each request, so the timeout's words are in the language of the moment. */
const options = () =>
  ({
    timeoutMs: COMMAND_TIMEOUT_MS,
    requireConnected: true,
    timeoutMessage: t(COMMAND_TIMEOUT_MESSAGE),
  }) as const;

/** The server's error text from an error frame (content.error or content.message), else 'Unknown error'. */
export function commandErrorText(frame: ServerFrame): string {
  const content = frame.content as { error?: unknown; message?: unknown } | undefined;
  const text = content?.error ?? content?.message;
  return typeof text === 'string' && text ? text : t('Unknown error');
}

/** The text to show for a failed command request of any kind. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : t('Unknown error');
}

/** command.list or command.search: the commands, or throws with the text to show. */
export async function requestCommands(
  dispatch: Dispatch,
  request: { q: string; namespace: string } | { namespace: string },
): Promise<Command[]> {
  const frame =
    'q' in request
      ? await requestFrame(dispatch, 'command.search', request, options())
      : await requestFrame(dispatch, 'command.list', request, options());
  if (frame.typ === 'command.list.response' || frame.typ === 'command.search.response') {
    return frame.content.commands;
  }
  throw new Error(commandErrorText(frame));
}

export interface ExecuteResult {
  message?: string;
  effect?: CommandEffect;
}

/** command.execute: what the command asks the page to do, or throws with the text to show. */
export async function requestExecute(
  dispatch: Dispatch,
  commandId: string,
  namespace: string,
): Promise<ExecuteResult> {
  const frame = await requestFrame(
    dispatch,
    'command.execute',
    { commandId, namespace },
    options(),
  );
  if (frame.typ !== 'command.execute.response') throw new Error(commandErrorText(frame));
  const { message, effect } = frame.content;
  return { ...(message !== undefined ? { message } : {}), ...(effect ? { effect } : {}) };
}
