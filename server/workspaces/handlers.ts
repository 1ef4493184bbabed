import type { ClientFrame, OperationResponse, ServerTyp } from '../../protocol';
import type { AppRegistry } from '../cog/registry';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import { UserError } from '../cog/userError';
import { expertDirectory } from '../meeting/directory';
import { openWorkspace } from '../meeting/handlers';
import type { Repositories, Store } from '../store';
import { providerDirectory, providerOnWire } from './providers';

/** The longest workspace name accepted (characters, after trimming). */
export const WORKSPACE_NAME_MAX = 200;

export interface WorkspaceDeps {
  store: Store;
  registry: AppRegistry;
  /** Starts the world's MCP servers on first use, so their tools are listed (server/mcp). */
  toolsReady?: (worldId: string) => Promise<void>;
}

type OperationTyp =
  | 'workspace.update'
  | 'workspace.expert.add'
  | 'workspace.expert.remove'
  | 'workspace.toolprovider.add'
  | 'workspace.toolprovider.remove';

/** The name workspace.update would store, or the error it answers with. */
export function checkWorkspaceName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new UserError('Workspace name is required');
  if ([...name].length > WORKSPACE_NAME_MAX)
    throw new UserError(`Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`);
  return name;
}

/**
 * The server side of the workspace management page (SPEC §7 workspace.*).
 * Every add/remove/update is answered with its `.response` carrying the
 * request id and status 'success' or 'error' with the reason; every write is
 * one transaction and a refused request writes nothing. The workspace is the
 * one the connection opened (scontext.set workspace_id), checked against its world.
 */
export function registerWorkspaceHandlers(hub: CogHub, deps: WorkspaceDeps): void {
  const { store, registry } = deps;

  /** Registers a write: run validates (throwing) and returns the writes to make in one transaction. */
  function operation<T extends OperationTyp>(
    typ: T,
    run: (
      conn: CogConnection,
      frame: ClientFrame<T>,
    ) => Promise<(tx: Repositories) => Promise<void>>,
  ): void {
    const responseTyp = `${typ}.response` as ServerTyp;
    hub.on(typ, async (conn, frame) => {
      let answer: OperationResponse;
      try {
        const write = await run(conn, frame);
        await store.transaction(write);
        answer = { status: 'success' };
      } catch (err) {
        answer = { status: 'error', error: await refusal(conn, typ, err) };
      }
      hub.reply(conn, frame, responseTyp, answer);
    });
  }

  /** The message a failed request is answered with; unexpected failures go to the world console. */
  async function refusal(conn: CogConnection, typ: string, err: unknown): Promise<string> {
    if (err instanceof UserError) return err.message;
    const message = err instanceof Error ? err.message : String(err);
    await store.console.append(conn.worldId, {
      app_name: 'emgen',
      from: 'workspace.error',
      message: `${typ} failed: ${message}`,
    });
    return 'Operation failed';
  }

  operation('workspace.update', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    // Creating a workspace (a draft) without a name is allowed: it is listed as untitled.
    const unnamedCreate = ws.status === 'draft' && !frame.content.name.trim();
    const name = unnamedCreate ? null : checkWorkspaceName(frame.content.name);
    return async (tx) => {
      if (name !== null) await tx.workspaces.rename(ws.id, name);
      await tx.workspaces.activate(ws.id);
    };
  });

  operation('workspace.expert.add', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const id = frame.content.expert_id;
    if (!expertDirectory(registry, conn.worldId).has(id))
      throw new UserError(`Unknown expert "${id}"`);
    return async (tx) => {
      await tx.workspaces.addExpert(ws.id, id);
    };
  });

  operation('workspace.expert.remove', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const id = frame.content.expert_id;
    // An expert no longer installed can still be taken out of a workspace that has it.
    if (
      !expertDirectory(registry, conn.worldId).has(id) &&
      !(await store.workspaces.expertIds(ws.id)).includes(id)
    )
      throw new UserError(`Unknown expert "${id}"`);
    return async (tx) => {
      await tx.workspaces.removeExpert(ws.id, id);
    };
  });

  operation('workspace.toolprovider.add', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const name = frame.content.provider_name;
    if (!providerDirectory(registry, conn.worldId).has(name))
      throw new UserError(`Unknown tool provider "${name}"`);
    return async (tx) => {
      await tx.workspaces.addToolProvider(ws.id, name);
    };
  });

  operation('workspace.toolprovider.remove', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const name = frame.content.provider_name;
    if (
      !providerDirectory(registry, conn.worldId).has(name) &&
      !(await store.workspaces.toolProviders(ws.id)).includes(name)
    )
      throw new UserError(`Unknown tool provider "${name}"`);
    return async (tx) => {
      await tx.workspaces.removeToolProvider(ws.id, name);
    };
  });

  hub.on('workspace.toolprovider.details', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    await deps.toolsReady?.(conn.worldId);
    const chosen = new Set(await store.workspaces.toolProviders(ws.id));
    const providers = [...providerDirectory(registry, conn.worldId).values()].map((p) =>
      providerOnWire(p, chosen.has(p.name)),
    );
    hub.reply(conn, frame, 'workspace.toolprovider.details.response', { providers });
  });
}
