import {
  safeNextPath,
  type ActionResponse,
  type DashboardResponse,
  type Widget,
} from '../../protocol';
import { withoutUnsafeLinks, type DroppedLink } from '../cog/links';
import { exposedId, type AnnotatedCog, type AppRegistry, type CogContext } from '../cog/registry';
import { withTimeout } from '../cog/timeout';
import { ACTION_ANNOTATION } from './actions';
import { WIDGET_ANNOTATION } from './widgets';

/** A widget handler that takes longer than this is left out. */
export const WIDGET_TIMEOUT_MS = 5000;

const orderOf = (w: AnnotatedCog) => (typeof w.attrs.order === 'number' ? w.attrs.order : 0);

function isWidget(value: unknown): value is Widget {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { layout?: unknown }).layout === 'string'
  );
}

/** What the dashboard tells its caller about widgets that did not come out as written. */
export interface WidgetReport {
  /** The widget threw, timed out or returned no widget; it is left out. */
  failed(widget: AnnotatedCog, err: unknown): void;
  /** A link in it (home_link, url...) was neither http(s) nor a path on this site; it is left out. */
  droppedLink(widget: AnnotatedCog, link: DroppedLink): void;
}

async function renderOne(
  w: AnnotatedCog,
  ctx: CogContext,
  timeoutMs: number,
  report: WidgetReport,
): Promise<Widget> {
  const handler = w.cog.handler;
  if (!handler) throw new Error('it has no handler');
  const widget = await withTimeout(
    handler({}, ctx),
    timeoutMs,
    () => new Error(`no answer within ${timeoutMs} ms`),
  );
  if (!isWidget(widget)) throw new Error('it did not return a widget with a layout');
  const safe = withoutUnsafeLinks(widget);
  for (const link of safe.dropped) report.droppedLink(w, link);
  return safe.value;
}

/**
 * The dashboard `id` for this world and user: every cog of the world annotated
 * `widget` with that dashboard, by column and order. A widget that fails is
 * reported and left out, so is a link in a widget that is not http(s) or a
 * path on this site; undefined when no widget names this dashboard.
 */
export async function renderDashboard(
  registry: AppRegistry,
  id: string,
  ctx: CogContext,
  report: WidgetReport,
  timeoutMs = WIDGET_TIMEOUT_MS,
): Promise<DashboardResponse | undefined> {
  const cogs = registry
    .annotated(WIDGET_ANNOTATION, ctx.worldId)
    .filter((w) => w.attrs.dashboard === id)
    .sort((a, b) => orderOf(a) - orderOf(b) || a.cog.name.localeCompare(b.cog.name));
  if (!cogs.length) return undefined;
  const rendered = await Promise.all(
    cogs.map(async (w) => {
      try {
        return { w, widget: await renderOne(w, ctx, timeoutMs, report) };
      } catch (err) {
        report.failed(w, err);
        return undefined;
      }
    }),
  );
  const response: DashboardResponse = { status: 'ok', main_column: [], side_column: [] };
  for (const r of rendered) {
    if (!r) continue;
    (r.w.attrs.column === 'side' ? response.side_column : response.main_column).push(r.widget);
  }
  return response;
}

const actionNameOf = (a: AnnotatedCog) =>
  typeof a.attrs.name === 'string' && a.attrs.name ? a.attrs.name : a.cog.name;

/**
 * The cog of world `worldId` that runs the action `name`, if any: a built-in
 * action by its name, a remote app's as `{app}/{name}` (exposedId), so no app
 * can take over a built-in action such as new_chat.
 */
export function findAction(
  registry: AppRegistry,
  name: string,
  worldId: string,
): AnnotatedCog | undefined {
  return registry
    .annotated(ACTION_ANNOTATION, worldId)
    .find((a) => exposedId(a.app, actionNameOf(a)) === name && a.cog.handler);
}

/**
 * Runs an action cog and keeps only what an ActionResponse may carry: a
 * redirect_url only when it is a path on this site (onRefused hears of others).
 */
export async function runAction(
  action: AnnotatedCog,
  fields: Record<string, unknown>,
  ctx: CogContext,
  onRefused: (redirectUrl: string) => void,
): Promise<ActionResponse> {
  const result = (await action.cog.handler!({ kvargs: fields }, ctx)) as
    Partial<ActionResponse> | undefined;
  const asked = result?.redirect_url;
  if (typeof asked !== 'string') return { status: 'ok' };
  const redirect = safeNextPath(asked);
  if (!redirect) onRefused(asked);
  return { status: 'ok', ...(redirect ? { redirect_url: redirect } : {}) };
}
