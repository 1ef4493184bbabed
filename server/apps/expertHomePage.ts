import type { ComponentNode, PageResult } from '../../protocol';
import { UserError } from '../cog/userError';
import { expertDirectory, type DirectoryExpert } from '../meeting/directory';
import { expertDomains, type Domain } from '../meeting/offline/domains';
import { alert, button, card, clip, markdown, node, text, topic, vspace } from '../pages/ui';
import type { Store } from '../store';
import { createWorkspaceWith, shortName } from '../workspaces/createWith';
import { providersFor } from '../workspaces/expertTools';
import type { AppRegistry, Cog, CogContext } from '../cog/registry';

/** The events an expert's home page handles. */
export const START_WORKSPACE_EVENT = 'start_workspace';
export const TOPIC_CLICKED_EVENT = 'topic_clicked';

/** Questions each specialty answers well; the first ones an expert shows are its strongest. */
const EXAMPLES: Record<Domain, string[]> = {
  math: ['What is 12.5% of 2,480?', 'Convert 5 km to miles', 'What is 15% off 80?'],
  time: [
    'What time is it in Tokyo?',
    'How many days are there between 1 March and 31 December?',
    'What is 9:00 in New York in London time?',
  ],
  docs: ['What do our documents say about onboarding?', 'Find our policy on expenses and cite it'],
  web: ['What is the latest news on electric cars?', 'Search the web for SQLite WAL mode'],
  code: [
    'Write TypeScript that computes 12.5% of 2,480',
    'Show me code for the days until 31 December',
  ],
};

const MAX_EXAMPLES = 3;

/** A few questions suited to the expert, from its specialties; else from its keywords. */
export function exampleQuestions(expert: DirectoryExpert): string[] {
  const fromDomains = expertDomains(expert).flatMap((d) => EXAMPLES[d]);
  const fromKeywords = expert.keywords.map((k) => `What should I know about ${k}?`);
  return [...new Set([...fromDomains, ...fromKeywords])].slice(0, MAX_EXAMPLES);
}

export interface ExpertPageDeps {
  store: Store;
  registry: AppRegistry;
}

/** The home page of one expert in one world: who it is, what it knows, which tools, what to ask. */
export function expertHomePage(
  deps: ExpertPageDeps,
  expert: DirectoryExpert,
  ctx: CogContext,
  notice?: ComponentNode,
): ComponentNode {
  const tools = providersFor(deps.registry, ctx.worldId, [expert]);
  const toolList = tools.length
    ? tools.map((p) => `- **${p.name}**${p.description ? ` — ${p.description}` : ''}`).join('\n')
    : 'No tools: this expert answers from what it knows.';
  const main = card(expert.name, [
    ...(notice ? [notice] : []),
    text(expert.description || `${expert.name} is one of the experts of this world.`, 'subtitle1'),
    vspace(),
    text('Topics', 'h6'),
    ...expert.keywords.map((k) => topic(k)),
    vspace(),
    text('Tools', 'h6'),
    markdown(toolList),
    vspace(),
    text('Try asking', 'h6'),
    ...exampleQuestions(expert).map((q) => topic(q)),
    vspace(),
    button(`Start a workspace with ${expert.name}`, { event_handler: START_WORKSPACE_EVENT }),
  ]);
  return node('Layout', { main });
}

const topicOf = (attrs: Record<string, unknown>) =>
  typeof attrs.topic === 'string' ? attrs.topic.trim() : '';

/** start_workspace / topic_clicked: a new workspace with this expert, then go there. */
async function startWorkspace(
  deps: ExpertPageDeps,
  expert: DirectoryExpert,
  ctx: CogContext,
  topicText: string,
): Promise<PageResult> {
  if (!ctx.userId) throw new Error('Not signed in');
  const name = topicText
    ? shortName(`${expert.name}: ${topicText}`, 120)
    : `Workspace with ${expert.name}`;
  try {
    const { url } = await createWorkspaceWith(deps, {
      worldId: ctx.worldId,
      userId: ctx.userId,
      name,
      experts: [expert.id],
      providers: providersFor(deps.registry, ctx.worldId, [expert]).map((p) => p.name),
    });
    return { redirect_url: url };
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    return { component: expertHomePage(deps, expert, ctx, alert('error', err.message)) };
  }
}

/** The page cog of one expert (app `experts`, pagename = expert id). */
export function expertPageCog(deps: ExpertPageDeps, expertId: string, title: string): Cog {
  return {
    module: 'pages',
    name: expertId,
    annotations: { page: { pagename: expertId, title } },
    handler: async (args, ctx): Promise<PageResult> => {
      const expert = expertDirectory(deps.registry, ctx.worldId).get(expertId);
      if (!expert) throw new Error(`Expert "${expertId}" is no longer installed`);
      const event = args.kvargs?.event as
        { event_handler?: string; attrs?: Record<string, unknown> } | undefined;
      if (!event) return { component: expertHomePage(deps, expert, ctx) };
      const attrs = event.attrs ?? {};
      const handler =
        event.event_handler === TOPIC_CLICKED_EVENT || attrs.action === TOPIC_CLICKED_EVENT
          ? TOPIC_CLICKED_EVENT
          : event.event_handler;
      if (handler === START_WORKSPACE_EVENT) return startWorkspace(deps, expert, ctx, '');
      if (handler === TOPIC_CLICKED_EVENT) {
        const chosen = topicOf(attrs);
        if (!chosen)
          return {
            component: expertHomePage(deps, expert, ctx, alert('error', 'No topic was given')),
          };
        return startWorkspace(deps, expert, ctx, chosen);
      }
      return {
        component: expertHomePage(
          deps,
          expert,
          ctx,
          alert('error', `Unknown action "${clip(event.event_handler)}"`),
        ),
      };
    },
  };
}
