import type { AppRegistry } from '../cog/registry';
import { UserError } from '../cog/userError';
import { workspaceUrl } from '../../protocol/paths';
import { expertDirectory } from '../meeting/directory';
import type { Store } from '../store';
import type { WorkspaceRow } from '../store/workspaces';
import { checkWorkspaceName } from './handlers';
import { providerDirectory } from './providers';

export interface NewWorkspace {
  worldId: string;
  userId: string;
  name: string;
  experts: string[];
  providers?: string[];
}

/**
 * Creates an active workspace in one transaction, with its experts, tool
 * providers and the user as its first person (so it is in their history).
 * Names are checked like workspace.update; unknown experts or providers are
 * refused with UserError and nothing is written.
 */
export async function createWorkspaceWith(
  deps: { store: Store; registry: AppRegistry },
  input: NewWorkspace,
): Promise<{ workspace: WorkspaceRow; url: string }> {
  const { store, registry } = deps;
  const name = checkWorkspaceName(input.name);
  const experts = expertDirectory(registry, input.worldId);
  const providers = providerDirectory(registry, input.worldId);
  for (const id of input.experts)
    if (!experts.has(id)) throw new UserError(`Unknown expert "${id}"`);
  for (const p of input.providers ?? [])
    if (!providers.has(p)) throw new UserError(`Unknown tool provider "${p}"`);
  const workspace = await store.transaction(async (tx) => {
    const ws = await tx.workspaces.create({
      worldId: input.worldId,
      name,
      createdBy: input.userId,
      status: 'active',
    });
    for (const id of input.experts) await tx.workspaces.addExpert(ws.id, id);
    for (const p of input.providers ?? []) await tx.workspaces.addToolProvider(ws.id, p);
    return ws;
  });
  return { workspace, url: workspaceUrl(input.worldId, workspace.id) };
}

/** A workspace name of at most max characters, cut at a word with an ellipsis when longer. */
export function shortName(name: string, max = 80): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > max / 2 ? atWord : cut}…`;
}
