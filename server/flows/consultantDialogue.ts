import type { ComponentNode, FlowResult } from '../../protocol';
import { UserError } from '../cog/userError';
import { providerNamesFor } from '../workspaces/expertTools';
import type { AppRegistry, Cog, CogContext } from '../cog/registry';
import { expertDirectory } from '../meeting/directory';
import { alert, button, card, clip, columns, optionList, text } from '../pages/ui';
import type { Store } from '../store';
import { createWorkspaceWith, shortName } from '../workspaces/createWith';
import { providerDirectory } from '../workspaces/providers';
import { matchExperts } from './expertMatch';
import {
  attrText,
  flowCog,
  openLink,
  unknownAction,
  userMessage,
  type FlowEvent,
  type FlowInput,
} from './flowInput';

export const CONSULTANT_FLOW = 'consultant-dialogue';
export const CONSULTANT_TITLE = 'Find the right experts';

/** Event handlers of the consultant screens (besides user_input and the runtime's restart). */
export const CONSULTANT_EVENTS = {
  /** attrs { expert_id } for one expert; no attrs for all recommended. */
  accept: 'accept',
  askAgain: 'ask_again',
} as const;

/** Describe, see the recommendation, then the end screen. */
export const CONSULTANT_STEPS = 3;
/** Longest description kept (characters); the message box itself allows more. */
const MAX_QUERY_CHARS = 2000;

interface Recommended {
  expert_id: string;
  name: string;
  reasons: string[];
}

export interface ConsultantState {
  step: 'ask' | 'recommend';
  query: string;
  recommended: Recommended[];
}
type State = Partial<ConsultantState>;

interface FlowDeps {
  store: Store;
  registry: AppRegistry;
}

/** What the screens work with: the flow's dependencies and the world it runs in. */
interface Deps extends FlowDeps {
  worldId: string;
}

/** Some topics the world's experts know, to suggest when nothing matched. */
function someTopics(deps: Deps): string {
  const keywords = [...expertDirectory(deps.registry, deps.worldId).values()]
    .map((e) => e.keywords[0])
    .filter(Boolean);
  return keywords.slice(0, 6).join(', ');
}

function askScreen(state: State, notice?: ComponentNode): FlowResult {
  return {
    state: { ...(state.query !== undefined ? { query: state.query } : {}), step: 'ask' },
    component: card(CONSULTANT_TITLE, [
      ...(notice ? [notice] : []),
      text('What do you need help with?', 'h6'),
      text(
        'Describe your task in the message box below, in your own words; ' +
          'I will recommend the experts of this world who fit it.',
        'body2',
      ),
    ]),
    step: 1,
    steps: CONSULTANT_STEPS,
  };
}

function recommendScreen(state: ConsultantState, notice?: ComponentNode): FlowResult {
  const { recommended } = state;
  return {
    state: { ...state },
    component: card(CONSULTANT_TITLE, [
      ...(notice ? [notice] : []),
      text(`For "${state.query}" I recommend:`, 'h6'),
      optionList(
        'Recommended experts',
        recommended.map((r) => ({
          label: `${r.name}: ${r.reasons.join('; ')}`,
          event_handler: CONSULTANT_EVENTS.accept,
          attrs: { expert_id: r.expert_id },
        })),
      ),
      text('Pick one, take them all, or describe your task again.', 'caption'),
      columns([
        button(
          recommended.length > 1
            ? `Start a workspace with all ${recommended.length}`
            : `Start a workspace with ${recommended[0]!.name}`,
          { event_handler: CONSULTANT_EVENTS.accept },
        ),
        button('Ask again', { event_handler: CONSULTANT_EVENTS.askAgain, variant: 'outlined' }),
      ]),
    ]),
    step: 2,
    steps: CONSULTANT_STEPS,
  };
}

const recommending = (state: State): state is ConsultantState =>
  state.step === 'recommend' && Boolean(state.query) && Boolean(state.recommended?.length);

function current(state: State, notice?: ComponentNode): FlowResult {
  if (recommending(state)) return recommendScreen(state, notice);
  return askScreen(state, notice);
}

/** A description: the experts it matches, or a clear 'nothing matches'. */
function describe(deps: Deps, state: State, message: string): FlowResult {
  const query = message.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
  if (!query) return current(state, alert('error', 'Please describe what you need help with'));
  const matches = matchExperts(query, expertDirectory(deps.registry, deps.worldId).values());
  if (!matches.length) {
    const topics = someTopics(deps);
    return askScreen(
      { query },
      alert(
        'warning',
        `No expert of this world matches "${shortName(query, 80)}". ` +
          `Try describing the subject${topics ? `, for example ${topics}` : ''}.`,
        'Nothing matches',
      ),
    );
  }
  return recommendScreen({
    step: 'recommend',
    query,
    recommended: matches.map((m) => ({
      expert_id: m.expert.id,
      name: m.expert.name,
      reasons: m.reasons,
    })),
  });
}

async function accept(
  deps: Deps,
  state: ConsultantState,
  event: FlowEvent,
  ctx: CogContext,
): Promise<FlowResult> {
  if (!ctx.userId) throw new Error('Not signed in');
  const one = attrText(event, 'expert_id');
  const chosen = one ? state.recommended.filter((r) => r.expert_id === one) : state.recommended;
  if (!chosen.length)
    return recommendScreen(
      state,
      alert('error', `"${clip(one)}" is not one of the recommended experts`),
    );
  const directory = expertDirectory(deps.registry, deps.worldId);
  const profiles = chosen.flatMap((r) => directory.get(r.expert_id) ?? []);
  const installed = providerDirectory(deps.registry, deps.worldId);
  let url: string;
  try {
    ({ url } = await createWorkspaceWith(deps, {
      worldId: ctx.worldId,
      userId: ctx.userId,
      name: shortName(`Consultation: ${state.query}`, 80),
      experts: chosen.map((r) => r.expert_id),
      providers: providerNamesFor(profiles).filter((p) => installed.has(p)),
    }));
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    return recommendScreen(state, alert('error', err.message));
  }
  return {
    state: {},
    component: card('Your workspace is ready', [
      text(`${chosen.map((r) => r.name).join(', ')} will take it from here.`, 'body1'),
      button('Open workspace', { action: openLink(url) }),
    ]),
    step: CONSULTANT_STEPS,
    steps: CONSULTANT_STEPS,
    done: true,
  };
}

async function onEvent(
  deps: Deps,
  state: State,
  event: FlowEvent,
  ctx: CogContext,
): Promise<FlowResult> {
  const message = userMessage(event);
  // A new description is welcome on either screen: it replaces the recommendation.
  if (message !== undefined) return describe(deps, state, message);
  if (event.event_handler === CONSULTANT_EVENTS.askAgain) return askScreen({});
  if (event.event_handler === CONSULTANT_EVENTS.accept && recommending(state))
    return accept(deps, state, event, ctx);
  return current(state, unknownAction(event));
}

/**
 * The consultant dialogue: the user describes what they need, the flow scores
 * the world's experts by the words they share with it (keywords, specialties,
 * names), recommends the best with reasons, and creates the workspace on accept.
 */
export function consultantFlow(deps: FlowDeps): Cog {
  return flowCog<ConsultantState>(
    CONSULTANT_FLOW,
    CONSULTANT_TITLE,
    (input: FlowInput<ConsultantState>, ctx) =>
      input.event
        ? onEvent({ ...deps, worldId: ctx.worldId }, input.state, input.event, ctx)
        : current(input.state),
  );
}
