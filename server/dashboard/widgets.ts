import type {
  ExpertsWidget,
  HistoryWidget,
  HistoryWorkspace,
  ImageWidget,
  NewWorkspaceWidget,
} from '../../protocol';
import type { AppRegistry, Cog, CogContext } from '../cog/registry';
import { expertDirectory } from '../meeting/directory';
import type { Store } from '../store';
import { workspaceUrl } from '../../protocol/paths';
import { welcomeWorkspaceId } from '../workspaces/paths';
import { timeAgo } from './timeAgo';

/** The annotation that makes a cog a dashboard widget, and its attributes. */
export const WIDGET_ANNOTATION = 'widget';
export interface WidgetAttrs {
  /** Which dashboard shows it (GET /api/dashboard?id=…). */
  dashboard: string;
  column: 'main' | 'side';
  /** Smaller first within the column. */
  order: number;
}

/** How many workspaces the history widget lists. */
export const HISTORY_LIMIT = 20;
export const WELCOME_TEXT = 'Welcome to EMgen — your multi-world AI workspace';

export interface DashboardDeps {
  store: Store;
  registry: AppRegistry;
  now?: () => Date;
}

/** A widget cog: `render` builds the widget for one world and user. */
export function widgetCog(
  name: string,
  attrs: WidgetAttrs,
  render: (ctx: CogContext) => object | Promise<object>,
): Cog {
  return {
    module: 'dashboard.widgets',
    name,
    annotations: { [WIDGET_ANNOTATION]: { ...attrs } },
    handler: async (_args, ctx) => render(ctx),
  };
}

async function historyWorkspaces(
  deps: DashboardDeps,
  ctx: CogContext,
): Promise<HistoryWorkspace[]> {
  if (!ctx.userId) return [];
  const { store } = deps;
  const now = deps.now?.() ?? new Date();
  const directory = expertDirectory(deps.registry, ctx.worldId);
  // Only what the user may open: their own and invited workspaces, and the shared ones.
  const listed = await store.workspaces.openTo(ctx.worldId, ctx.userId, HISTORY_LIMIT);
  return Promise.all(
    listed.map(async (ws) => ({
      workspace_id: ws.id,
      ...(ws.name ? { name: ws.name } : {}),
      url: workspaceUrl(ctx.worldId, ws.id),
      created_ago: timeAgo(ws.created_at, now),
      users: await store.workspaces.users(ws.id),
      experts: (await store.workspaces.expertIds(ws.id)).flatMap((id) => {
        const expert = directory.get(id);
        return expert ? [{ expert_id: id, name: expert.name }] : [];
      }),
    })),
  );
}

/** The four widgets of the core dashboard (SPEC §2 "Dashboard"). */
export function coreWidgets(deps: DashboardDeps): Cog[] {
  const { store, registry } = deps;
  return [
    widgetCog(
      'DefaultNewWorkspaceWidget',
      { dashboard: 'core', column: 'main', order: 10 },
      (): NewWorkspaceWidget => ({
        layout: 'DefaultNewWorkspaceWidget',
        title: 'Create Workspace',
        description: 'Start a new conversation: pick your experts and tools, then name it.',
        new_chat_action: { action: 'new_chat' },
      }),
    ),
    widgetCog(
      'DefaultHistoryWidget',
      { dashboard: 'core', column: 'main', order: 20 },
      async (ctx): Promise<HistoryWidget> => ({
        layout: 'DefaultHistoryWidget',
        user_prompt: 'Your recent workspaces',
        workspaces: await historyWorkspaces(deps, ctx),
      }),
    ),
    widgetCog(
      'DefaultExpertsWidget',
      { dashboard: 'core', column: 'side', order: 10 },
      (ctx): ExpertsWidget => ({
        layout: 'DefaultExpertsWidget',
        title: 'Experts',
        experts: [...expertDirectory(registry, ctx.worldId).values()].map((e) => ({
          expert_id: e.id,
          name: e.name,
          keywords: e.keywords,
          ...(e.homeLink ? { home_link: e.homeLink } : {}),
        })),
      }),
    ),
    widgetCog(
      'DefaultImageWidget',
      { dashboard: 'core', column: 'side', order: 20 },
      async (ctx) => {
        // Linked only when the user may open it (it is shared unless someone made it private).
        const welcome = ctx.userId
          ? (
              await store.workspaces.access(
                welcomeWorkspaceId(ctx.worldId),
                ctx.worldId,
                ctx.userId,
              )
            ).workspace
          : undefined;
        const widget: ImageWidget = {
          layout: 'DefaultImageWidget',
          image_url: '/welcome.svg',
          alt: WELCOME_TEXT,
          // public/welcome.svg's own size (its viewBox).
          width: 600,
          height: 200,
          ...(welcome && welcome.status === 'active'
            ? { click_action: { action: 'open_workspace', workspace_id: welcome.id } }
            : {}),
        };
        return widget;
      },
    ),
  ];
}
