import type { ActionResponse } from '../../protocol';
import { consoleUrl, dashboardUrl, worldUrl } from '../../protocol/paths';
import { isBuiltIn, type App, type AppRegistry, type Cog, type CogContext } from '../cog/registry';
import { UserError } from '../cog/userError';
import { ACTION_ANNOTATION } from '../dashboard/actions';
import { DASHBOARD_APP } from '../dashboard/app';
import type { Store } from '../store';
import { COMMAND_ANNOTATION, type CommandAttrs, type CommandResult } from './directory';

export const COMMANDS_APP = 'commands';
/** The palette's namespace (SPEC §9) and the admin one. */
export const WORKSPACE_NAMESPACE = 'workspace';
export const ADMIN_NAMESPACE = 'admin';

export interface CoreCommandDeps {
  store: Store;
  registry: AppRegistry;
}

type Run = (
  kvargs: Record<string, unknown>,
  ctx: CogContext,
) => CommandResult | Promise<CommandResult>;

/** A cog annotated `command`; `run` gets the command's arguments and the caller's world and user. */
export function commandCog(module: string, name: string, attrs: CommandAttrs, run: Run): Cog {
  return {
    module,
    name,
    annotations: { [COMMAND_ANNOTATION]: { ...attrs } },
    handler: async (args, ctx) => run(args.kvargs ?? {}, ctx),
  };
}

function signedIn(ctx: CogContext): string {
  if (!ctx.userId) throw new UserError('Not signed in');
  return ctx.userId;
}

async function requireAdmin(store: Store, ctx: CogContext): Promise<string> {
  const userId = signedIn(ctx);
  if (!(await store.users.access(userId, ctx.worldId))?.is_admin)
    throw new UserError('Administrators of this world only');
  return userId;
}

function workspaceCommands({ store, registry }: CoreCommandDeps): Cog[] {
  const cog = (name: string, attrs: Omit<CommandAttrs, 'namespace'>, run: Run) =>
    commandCog(WORKSPACE_NAMESPACE, name, { ...attrs, namespace: WORKSPACE_NAMESPACE }, run);
  return [
    cog(
      'open_file_finder',
      {
        name: 'Open File Finder',
        description: 'Browse and search the drives of this world',
        tags: ['files', 'drives', 'emdrive', 'upload'],
      },
      () => ({ effect: { kind: 'openFileFinder' } }),
    ),
    // The dashboard's new_chat action is the one way a draft is made; the command runs that cog.
    cog(
      'create_workspace',
      {
        name: 'Create Workspace',
        description: 'Start a new workspace and choose its experts',
        tags: ['new', 'chat', 'meeting', 'workspace'],
      },
      async (_kvargs, ctx) => {
        const newChat = registry
          .annotated(ACTION_ANNOTATION, ctx.worldId)
          .find(
            (a) => isBuiltIn(a.app) && a.app.name === DASHBOARD_APP && a.attrs.name === 'new_chat',
          );
        if (!newChat?.cog.handler) throw new UserError('Creating workspaces is not available');
        const answer = (await newChat.cog.handler({ kvargs: {} }, ctx)) as ActionResponse;
        if (!answer.redirect_url) throw new UserError('The workspace could not be created');
        return {
          message: 'Workspace created',
          effect: { kind: 'navigate', to: answer.redirect_url },
        };
      },
    ),
    cog(
      'open_dashboard',
      { name: 'Open Dashboard', description: "This world's dashboard", tags: ['home', 'start'] },
      (_kvargs, ctx) => ({ effect: { kind: 'navigate', to: dashboardUrl(ctx.worldId) } }),
    ),
    cog(
      'open_console',
      {
        name: 'Open Console',
        description: "The world's console log",
        tags: ['console', 'log', 'messages'],
      },
      (_kvargs, ctx) => ({ effect: { kind: 'navigate', to: consoleUrl(ctx.worldId) } }),
    ),
    cog(
      'switch_world',
      {
        name: 'Switch to {world}',
        description: 'Go to the world {world}',
        tags: ['world', 'switch'],
        expand: 'worlds',
      },
      async (kvargs, ctx) => {
        const userId = signedIn(ctx);
        const target = typeof kvargs.worldId === 'string' ? kvargs.worldId : '';
        const access = await store.users.access(userId, target);
        if (!access) throw new UserError(`You do not have access to world "${target}"`);
        await store.users.setActiveWorld(userId, access.world_id);
        return {
          message: `Switched to ${access.name}`,
          effect: { kind: 'switchWorld', worldId: access.world_id },
        };
      },
    ),
    cog(
      'open_settings',
      {
        name: 'Open Settings',
        description: 'Your name, password, PIN, theme and developer tools',
        tags: ['settings', 'preferences', 'password', 'pin', 'theme', 'dark', 'profile'],
      },
      () => ({ effect: { kind: 'navigate', to: '/settings' } }),
    ),
    cog(
      'export_session_log',
      {
        name: 'Export Session Log',
        description: 'Download the log of this session',
        tags: ['export', 'log', 'download', 'session'],
      },
      () => ({ effect: { kind: 'exportSessionLog' } }),
    ),
    cog(
      'clear_console',
      {
        name: 'Clear Console',
        description: "Delete every message of this world's console",
        tags: ['console', 'log', 'clear'],
        admin: true,
        destructive: true,
      },
      async (_kvargs, ctx) => {
        const userId = await requireAdmin(store, ctx);
        const email = (await store.users.byId(userId))?.email ?? userId;
        await store.console.clearBy(ctx.worldId, email);
        return { message: 'Console cleared', effect: { kind: 'flash', text: 'Console cleared' } };
      },
    ),
  ];
}

function adminCommands({ store }: CoreCommandDeps): Cog[] {
  const navigate = (
    name: string,
    attrs: Omit<CommandAttrs, 'namespace' | 'admin'>,
    to: (ctx: CogContext) => string,
  ) =>
    commandCog(
      ADMIN_NAMESPACE,
      name,
      { ...attrs, namespace: ADMIN_NAMESPACE, admin: true },
      async (_kvargs, ctx) => {
        await requireAdmin(store, ctx);
        return { effect: { kind: 'navigate', to: to(ctx) } };
      },
    );
  return [
    navigate(
      'open_admin',
      { name: 'Open Admin', description: 'The admin area of this world', tags: ['admin'] },
      (ctx) => `${worldUrl(ctx.worldId)}/admin`,
    ),
    navigate(
      'cross_drive_search',
      {
        name: 'Cross-Drive Search',
        description: 'Search every drive at once',
        tags: ['search', 'drives', 'emdrive'],
      },
      () => '/admin/search',
    ),
    navigate(
      'registered_commands',
      {
        name: 'Registered Commands',
        description: 'Every command the registered apps provide',
        tags: ['commands', 'registry'],
      },
      () => '/admin/commands',
    ),
  ];
}

/**
 * The in-process commands app (DESIGN §4): the palette's commands are cogs
 * annotated `command`, found in the registry like any remote app's.
 */
export function commandsApp(deps: CoreCommandDeps): App {
  return {
    name: COMMANDS_APP,
    processId: process.pid,
    cogs: [...workspaceCommands(deps), ...adminCommands(deps)],
  };
}
