import type { ComponentNode, PageResult } from '../../protocol';
import type { Drives } from '../drives/driveService';
import { expertDirectory } from '../meeting/directory';
import { evaluateExpression } from '../meeting/tools/calc';
import { loadMathjs } from '../meeting/tools/mathjs';
import { ToolError } from '../meeting/types';
import { alert, clip, divider, markdown, node, sections, text, vspace } from '../pages/ui';
import type { Store } from '../store';
import { providerDirectory } from '../workspaces/providers';
import type { App, AppRegistry, Cog, CogContext } from '../cog/registry';

export const EMGEN_PAGES_APP = 'emgen-pages';
export const DEMO_PAGE = 'demo';
/** The legacy route of the demo page (SPEC §2 /u1/demo). */
export const DEMO_PAGE_PATH = '/u1/demo';
/** The demo page's ChatInput event; attrs { message }. */
export const CHAT_EVENT = 'chat';

export interface EmgenPagesDeps {
  store: Store;
  registry: AppRegistry;
  drives: Pick<Drives, 'drivesOf' | 'describe'>;
}

const KB = 1024;
/** Bars in the drive chart at most. */
const MAX_CHART_DRIVES = 20;

/** Real numbers of the caller's world: its drives, and what it holds. */
async function numbersSection(deps: EmgenPagesDeps, ctx: CogContext): Promise<ComponentNode> {
  const rows = await deps.drives.drivesOf(ctx.worldId);
  const drives = await Promise.all(
    rows.slice(0, MAX_CHART_DRIVES).map((d) => deps.drives.describe(d)),
  );
  const driveChart = drives.length
    ? node('Chart', {
        type: 'bar',
        title: 'Drives of this world',
        height: 280,
        data: {
          labels: drives.map((d) => d.Name),
          series: [
            { label: 'Files', values: drives.map((d) => d.FileCount) },
            {
              label: 'Size (KB)',
              values: drives.map((d) => Math.round((d.TotalSize / KB) * 10) / 10),
            },
          ],
        },
      })
    : alert(
        'info',
        'This world has no drives yet: upload a file from the file finder to make one.',
      );
  const workspaces = (await deps.store.workspaces.listForWorld(ctx.worldId, 10_000)).length;
  const glance = node('Chart', {
    type: 'bar',
    title: 'This world at a glance',
    height: 240,
    data: {
      labels: ['Workspaces', 'Experts', 'Tool providers', 'Drives'],
      series: [
        {
          label: 'Count',
          values: [
            workspaces,
            expertDirectory(deps.registry, ctx.worldId).size,
            providerDirectory(deps.registry, ctx.worldId).size,
            rows.length,
          ],
        },
      ],
    },
  });
  return sections(
    [
      text('Numbers', 'h5'),
      text('Counted from this world when the page was built.', 'caption'),
      driveChart,
      vspace(),
      glance,
    ],
    'Numbers',
  );
}

/** The calculator section; `result` is the Alert of the last evaluation, if any. */
function calculatorSection(result?: ComponentNode): ComponentNode {
  return sections(
    [
      text('Calculator', 'h5'),
      markdown(
        'Type an expression below: it is evaluated by the **calculations** tool the experts use ' +
          '(exact arithmetic, percentages and units), e.g. `12.5% of 2,480` or `5 km to miles`.',
      ),
      ...(result ? [result] : []),
      node('ChatInput', { placeholder: 'Ask the calculator…', event_handler: CHAT_EVENT }),
    ],
    'Calculator',
  );
}

function componentsSection(): ComponentNode {
  return sections(
    [
      text('Components', 'h5'),
      text('Server-driven pages are trees of these components, built by any app.', 'body2'),
      markdown(
        '### Markdown\n\nLists, **emphasis**, `code` and [links](/dashboard) render as markdown:\n\n' +
          '- pages come from `page` cogs\n- flows come from `flow` cogs\n- both can live in a remote app',
      ),
      alert('info', 'Alerts come in five types.', 'info'),
      alert('success', 'Everything worked.', 'success'),
      alert('warning', 'Check this before going on.', 'warning'),
      alert('error', 'Something went wrong.', 'error'),
      divider(),
      text('A quote, changing every ten seconds:', 'subtitle2'),
      node('Quote'),
      vspace(24),
      node('Progress', { content: 'A progress bar at 60 %', value: 60 }),
    ],
    'Components',
  );
}

/** The demo page: a notebook whose first section is the calculator. */
export async function demoPage(
  deps: EmgenPagesDeps,
  ctx: CogContext,
  result?: ComponentNode,
): Promise<ComponentNode> {
  return sections([
    text('EMgen demo page', 'h4'),
    text('A server-driven page from the emgen-pages app.', 'subtitle1'),
    node('Notebook', {
      sections: [calculatorSection(result), await numbersSection(deps, ctx), componentsSection()],
    }),
  ]);
}

/** The Alert for one calculator message: `expr = result`, or the calculator's error. */
export function calculate(message: unknown): ComponentNode {
  const input = typeof message === 'string' ? message.trim() : '';
  if (!input) return alert('warning', 'Type an expression, for example 12.5% of 2,480');
  try {
    const { expression, result } = evaluateExpression(input);
    return alert('success', `${expression} = ${result}`, 'Calculator');
  } catch (err) {
    if (!(err instanceof ToolError)) throw err;
    return alert('error', err.message, 'Calculator');
  }
}

function demoCog(deps: EmgenPagesDeps): Cog {
  return {
    module: 'pages',
    name: DEMO_PAGE,
    annotations: { page: { pagename: DEMO_PAGE, title: 'Demo', path: DEMO_PAGE_PATH } },
    handler: async (args, ctx): Promise<PageResult> => {
      const event = args.kvargs?.event as
        { event_handler?: string; attrs?: Record<string, unknown> } | undefined;
      if (!event) return { component: await demoPage(deps, ctx) };
      if (event.event_handler === CHAT_EVENT) {
        await loadMathjs();
        return { component: await demoPage(deps, ctx, calculate(event.attrs?.message)) };
      }
      const unknown = alert('error', `Unknown action "${clip(event.event_handler)}"`);
      return { component: await demoPage(deps, ctx, unknown) };
    },
  };
}

/**
 * The built-in pages app. A separate app from `emgen` (whose only cog is the
 * administrators' registry call) so that its page cogs, with their own
 * dependencies (drives, the calculator), are listed on their own.
 */
export function emgenPagesApp(deps: EmgenPagesDeps): App {
  return { name: EMGEN_PAGES_APP, processId: process.pid, cogs: [demoCog(deps)] };
}
