import type { ActionResponse, DashboardResponse, Widget } from '../../protocol';
import type { AnnotatedCog, AppRegistry, CogContext } from '../apps/registry';
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

async function renderOne(w: AnnotatedCog, ctx: CogContext, timeoutMs: number): Promise<Widget> {
  const handler = w.cog.handler;
  if (!handler) throw new Error('it has no handler');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const widget = await Promise.race([handler({}, ctx), timeout]);
    if (!isWidget(widget)) throw new Error('it did not return a widget with a layout');
    return widget;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The dashboard `id` for this world and user: every cog annotated `widget`
 * with that dashboard, by column and order. A widget that fails is reported
 * through onFailure and left out; undefined when no widget names this dashboard.
 */
export async function renderDashboard(
  registry: AppRegistry,
  id: string,
  ctx: CogContext,
  onFailure: (widget: AnnotatedCog, err: unknown) => void,
  timeoutMs = WIDGET_TIMEOUT_MS,
): Promise<DashboardResponse | undefined> {
  const cogs = registry
    .annotated(WIDGET_ANNOTATION)
    .filter((w) => w.attrs.dashboard === id)
    .sort((a, b) => orderOf(a) - orderOf(b) || a.cog.name.localeCompare(b.cog.name));
  if (!cogs.length) return undefined;
  const rendered = await Promise.all(
    cogs.map(async (w) => {
      try {
        return { w, widget: await renderOne(w, ctx, timeoutMs) };
      } catch (err) {
        onFailure(w, err);
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

/** The cog that runs the action with this name, if any. */
export function findAction(registry: AppRegistry, name: string): AnnotatedCog | undefined {
  return registry
    .annotated(ACTION_ANNOTATION)
    .find((a) => (a.attrs.name ?? a.cog.name) === name && a.cog.handler);
}

/** Runs an action cog and keeps only what an ActionResponse may carry. */
export async function runAction(
  action: AnnotatedCog,
  fields: Record<string, unknown>,
  ctx: CogContext,
): Promise<ActionResponse> {
  const result = (await action.cog.handler!({ kvargs: fields }, ctx)) as
    Partial<ActionResponse> | undefined;
  const redirect = result?.redirect_url;
  return { status: 'ok', ...(typeof redirect === 'string' ? { redirect_url: redirect } : {}) };
}
