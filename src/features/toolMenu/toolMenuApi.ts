import { workspaceToolSchema, type WorkspaceTool } from '../../../protocol';
import { t } from '../../i18n/i18n';
import type { CogRequestAction } from '../../ws/cogActions';
import { requestFrame } from '../../ws/cogMiddleware';

/** How long the / menu waits for the tool list, and a call for its result. */
export const TOOL_LIST_WAIT_MS = 15_000;
export const TOOL_CALL_WAIT_MS = 90_000;

type Dispatch = (a: CogRequestAction) => unknown;

/** The open workspace's tools (tool.list). */
export async function fetchWorkspaceTools(dispatch: Dispatch): Promise<WorkspaceTool[]> {
  const frame = await requestFrame(
    dispatch,
    'tool.list',
    {},
    { timeoutMs: TOOL_LIST_WAIT_MS, responseTyps: ['tool.list.response'] },
  );
  const content = frame.content as { tools?: unknown; error?: unknown } | null;
  const tools = content?.tools;
  if (frame.typ !== 'tool.list.response' || !Array.isArray(tools))
    throw new Error(typeof content?.error === 'string' ? content.error : t('Failed to load tools'));
  return tools.flatMap((tool) => {
    const parsed = workspaceToolSchema.safeParse(tool);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Runs a tool (tool.call). Resolves once its tool message is in the
 * transcript; rejects with the reason, which the workspace already saw as
 * 'Tool error: …' (server.tool.error).
 */
export async function callWorkspaceTool(
  dispatch: Dispatch,
  name: string,
  args: Record<string, unknown>,
): Promise<void> {
  const frame = await requestFrame(
    dispatch,
    'tool.call',
    { name, args },
    { timeoutMs: TOOL_CALL_WAIT_MS, responseTyps: ['tool.call.response'] },
  );
  const content = frame.content as { status?: unknown; error?: unknown } | null;
  if (frame.typ !== 'tool.call.response' || content?.status !== 'success') {
    throw new Error(typeof content?.error === 'string' ? content.error : t('Tool call failed'));
  }
}
