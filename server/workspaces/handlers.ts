import type { ClientFrame, OperationResponse, ServerTyp } from '../../protocol';
import type { AppRegistry } from '../apps/registry';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import { expertDirectory } from '../meeting/directory';
import { MeetingRequestError, openWorkspace } from '../meeting/handlers';
import type { Store } from '../store';
import { providerDirectory, providerOnWire } from './providers';

/** The longest workspace name accepted (characters, after trimming). */
export const WORKSPACE_NAME_MAX = 200;

/** A request the server refuses with a clear message; nothing has been written. */
export class WorkspaceRequestError extends Error {}

export interface WorkspaceDeps {
  store: Store;
  registry: AppRegistry;
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
  if (!name) throw new WorkspaceRequestError('Workspace name is required');
  if ([...name].length > WORKSPACE_NAME_MAX)
    throw new WorkspaceRequestError(
      `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`,
    );
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
    run: (conn: CogConnection, frame: ClientFrame<T>) => () => void,
  ): void {
    const responseTyp = `${typ}.response` as ServerTyp;
    hub.on(typ, (conn, frame) => {
      let answer: OperationResponse;
      try {
        const write = run(conn, frame);
        store.db.transaction(write)();
        answer = { status: 'success' };
      } catch (err) {
        answer = { status: 'error', error: refusal(conn, typ, err) };
      }
      hub.reply(conn, frame, responseTyp, answer);
    });
  }

  /** The message a failed request is answered with; unexpected failures go to the world console. */
  function refusal(conn: CogConnection, typ: string, err: unknown): string {
    if (err instanceof WorkspaceRequestError || err instanceof MeetingRequestError)
      return err.message;
    const message = err instanceof Error ? err.message : String(err);
    store.console.append(conn.worldId, {
      app_name: 'emgen',
      from: 'workspace.error',
      message: `${typ} failed: ${message}`,
    });
    return 'Operation failed';
  }

  operation('workspace.update', (conn, frame) => {
    const ws = openWorkspace(store, conn);
    // Creating a workspace (a draft) without a name is allowed: it is listed as untitled.
    const unnamedCreate = ws.status === 'draft' && !frame.content.name.trim();
    const name = unnamedCreate ? null : checkWorkspaceName(frame.content.name);
    return () => {
      if (name !== null) store.workspaces.rename(ws.id, name);
      store.workspaces.activate(ws.id);
      store.workspaces.addUser(ws.id, conn.userId);
    };
  });

  operation('workspace.expert.add', (conn, frame) => {
    const ws = openWorkspace(store, conn);
    const id = frame.content.expert_id;
    if (!expertDirectory(registry, conn.worldId).has(id))
      throw new WorkspaceRequestError(`Unknown expert "${id}"`);
    return () => {
      store.workspaces.addExpert(ws.id, id);
      store.workspaces.addUser(ws.id, conn.userId);
    };
  });

  operation('workspace.expert.remove', (conn, frame) => {
    const ws = openWorkspace(store, conn);
    const id = frame.content.expert_id;
    // An expert no longer installed can still be taken out of a workspace that has it.
    if (
      !expertDirectory(registry, conn.worldId).has(id) &&
      !store.workspaces.expertIds(ws.id).includes(id)
    )
      throw new WorkspaceRequestError(`Unknown expert "${id}"`);
    return () => {
      store.workspaces.removeExpert(ws.id, id);
      store.workspaces.addUser(ws.id, conn.userId);
    };
  });

  operation('workspace.toolprovider.add', (conn, frame) => {
    const ws = openWorkspace(store, conn);
    const name = frame.content.provider_name;
    if (!providerDirectory(registry, conn.worldId).has(name))
      throw new WorkspaceRequestError(`Unknown tool provider "${name}"`);
    return () => {
      store.workspaces.addToolProvider(ws.id, name);
      store.workspaces.addUser(ws.id, conn.userId);
    };
  });

  operation('workspace.toolprovider.remove', (conn, frame) => {
    const ws = openWorkspace(store, conn);
    const name = frame.content.provider_name;
    if (
      !providerDirectory(registry, conn.worldId).has(name) &&
      !store.workspaces.toolProviders(ws.id).includes(name)
    )
      throw new WorkspaceRequestError(`Unknown tool provider "${name}"`);
    return () => {
      store.workspaces.removeToolProvider(ws.id, name);
      store.workspaces.addUser(ws.id, conn.userId);
    };
  });

  hub.on('workspace.toolprovider.details', (conn, frame) => {
    const ws = openWorkspace(store, conn);
    const chosen = new Set(store.workspaces.toolProviders(ws.id));
    const providers = [...providerDirectory(registry, conn.worldId).values()].map((p) =>
      providerOnWire(p, chosen.has(p.name)),
    );
    hub.reply(conn, frame, 'workspace.toolprovider.details.response', { providers });
  });
}
