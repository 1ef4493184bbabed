import type { ComponentNode, FlowResult } from '../../protocol';
import { UserError } from '../cog/userError';
import { providerNamesFor } from '../workspaces/expertTools';
import type { AppRegistry, Cog, CogContext } from '../cog/registry';
import { expertDirectory, type DirectoryExpert } from '../meeting/directory';
import { covers, textDomains, type Domain } from '../meeting/offline/domains';
import { alert, button, card, clip, columns, markdown, optionList, text } from '../pages/ui';
import type { Store } from '../store';
import { createWorkspaceWith } from '../workspaces/createWith';
import { checkWorkspaceName } from '../workspaces/handlers';
import { providerDirectory } from '../workspaces/providers';
import {
  attrText,
  flowCog,
  openLink,
  unknownAction,
  userMessage,
  type FlowEvent,
  type FlowInput,
} from './flowInput';

export const ONBOARDING_FLOW = 'onboarding';
export const ONBOARDING_TITLE = 'Set up your first workspace';

/** Event handlers of the onboarding screens (besides user_input and the runtime's restart). */
export const ONBOARDING_EVENTS = {
  chooseFocus: 'choose_focus', // attrs { focus }
  chooseTools: 'choose_tools', // attrs { tools }
  useSuggestedName: 'use_suggested_name',
  create: 'create',
  back: 'back',
  restart: 'restart',
} as const;

/** What the user can work on, the experts for it, and the specialties that find others. */
export const FOCI = [
  { id: 'numbers', label: 'Numbers & finance', experts: ['ada-quant'], domains: ['math'] },
  { id: 'software', label: 'Software', experts: ['devon'], domains: ['code'] },
  {
    id: 'research',
    label: 'Documents & research',
    experts: ['librarian', 'scout'],
    domains: ['docs', 'web'],
  },
  { id: 'scheduling', label: 'Scheduling', experts: ['chrono'], domains: ['time'] },
] as const satisfies readonly { id: string; label: string; experts: string[]; domains: Domain[] }[];
type Focus = (typeof FOCI)[number];

/** The tool choices of step 2; 'recommended' is what the chosen experts work with. */
export const TOOL_CHOICES = [
  { id: 'calculator', label: 'Calculator', providers: ['calculations'] },
  { id: 'dates', label: 'Dates and times', providers: ['date_and_time'] },
  { id: 'documents', label: 'Document search', providers: ['documents'] },
  { id: 'recommended', label: 'All recommended', providers: [] },
] as const;

type Step = 'focus' | 'tools' | 'name' | 'summary';
const STEP_NUMBER: Record<Step, number> = { focus: 1, tools: 2, name: 3, summary: 4 };
/** Four questions and the end screen. */
export const ONBOARDING_STEPS = 5;

export interface OnboardingState {
  step: Step;
  focus: Focus['id'];
  tools: string[];
  name: string;
}
type State = Partial<OnboardingState>;

interface FlowDeps {
  store: Store;
  registry: AppRegistry;
}

/** What the screens work with: the flow's dependencies and the world it runs in. */
interface Deps extends FlowDeps {
  worldId: string;
}

const focusById = (id: unknown) => FOCI.find((f) => f.id === id);

/** The focus's experts that are installed in the world; failing those, any expert of its specialties. */
function expertsFor(deps: Deps, focus: Focus): DirectoryExpert[] {
  const directory = expertDirectory(deps.registry, deps.worldId);
  const named = focus.experts.flatMap((id) => directory.get(id) ?? []);
  if (named.length) return named;
  return [...directory.values()].filter((e) => focus.domains.some((d) => covers(e, d)));
}

/** The providers the focus's experts work with, as installed in the world. */
function recommendedTools(deps: Deps, focus: Focus): string[] {
  const installed = providerDirectory(deps.registry, deps.worldId);
  return providerNamesFor(expertsFor(deps, focus)).filter((n) => installed.has(n));
}

const suggestedName = (focus: Focus) => `${focus.label} workspace`;

/** The screen of a step, with an optional notice (an error or a hint) on top. */
function screen(deps: Deps, state: State, notice?: ComponentNode): FlowResult {
  const step: Step = state.step ?? 'focus';
  const focus = focusById(state.focus);
  const body = ((): ComponentNode[] => {
    if (step === 'focus' || !focus)
      return [
        optionList(
          'What will you work on?',
          FOCI.map((f) => ({
            label: f.label,
            event_handler: ONBOARDING_EVENTS.chooseFocus,
            attrs: { focus: f.id },
          })),
        ),
        text('Or describe it in the message box below.', 'caption'),
      ];
    if (step === 'tools') {
      const recommended = recommendedTools(deps, focus);
      const names = recommended.join(', ') || 'none';
      return [
        optionList(
          'Which tools should your experts use?',
          TOOL_CHOICES.map((t) => ({
            label:
              t.id === 'recommended' ? `All recommended for ${focus.label} (${names})` : t.label,
            event_handler: ONBOARDING_EVENTS.chooseTools,
            attrs: { tools: t.id },
          })),
        ),
      ];
    }
    if (step === 'name')
      return [
        text('What should the workspace be called?', 'h6'),
        text('Type a name in the message box below, or use the suggestion.', 'body2'),
        button(`Use suggested name: ${suggestedName(focus)}`, {
          event_handler: ONBOARDING_EVENTS.useSuggestedName,
          variant: 'outlined',
        }),
      ];
    const directory = providerDirectory(deps.registry, deps.worldId);
    const experts = expertsFor(deps, focus).map((e) => e.name);
    const tools = (state.tools ?? []).map((t) => directory.get(t)?.name ?? t);
    return [
      card('Summary', [
        markdown(
          `**Experts:** ${experts.join(', ') || 'none'}\n\n` +
            `**Tools:** ${tools.join(', ') || 'none'}\n\n**Name:** ${state.name ?? ''}`,
        ),
      ]),
      columns([
        button('Create workspace', { event_handler: ONBOARDING_EVENTS.create }),
        button('Start over', { event_handler: ONBOARDING_EVENTS.restart, variant: 'outlined' }),
      ]),
    ];
  })();
  const shownStep: Step = focus ? step : 'focus';
  const back =
    shownStep === 'focus'
      ? []
      : [button('Back', { event_handler: ONBOARDING_EVENTS.back, variant: 'text' })];
  return {
    state: { ...state, step: shownStep },
    component: card(ONBOARDING_TITLE, [...(notice ? [notice] : []), ...body, ...back]),
    step: STEP_NUMBER[shownStep],
    steps: ONBOARDING_STEPS,
  };
}

const PREVIOUS: Record<Step, Step> = {
  focus: 'focus',
  tools: 'focus',
  name: 'tools',
  summary: 'name',
};

/** The focus a typed description points at (its specialty words), if exactly one fits best. */
function focusFromText(message: string): Focus | undefined {
  const asked = textDomains(message);
  return FOCI.find((f) => f.domains.some((d) => asked.includes(d)));
}

function chooseFocus(deps: Deps, state: State, focus: Focus | undefined, raw: string): FlowResult {
  if (!focus) return screen(deps, state, alert('error', `Unknown choice "${clip(raw)}"`));
  return screen(deps, { ...state, step: 'tools', focus: focus.id });
}

function chooseTools(deps: Deps, state: State, event: FlowEvent, focus: Focus): FlowResult {
  const id = attrText(event, 'tools');
  const choice = TOOL_CHOICES.find((t) => t.id === id);
  if (!choice) return screen(deps, state, alert('error', `Unknown choice "${clip(id)}"`));
  const tools: string[] =
    choice.id === 'recommended' ? recommendedTools(deps, focus) : [...choice.providers];
  return screen(deps, { ...state, step: 'name', tools });
}

function setName(deps: Deps, state: State, raw: string): FlowResult {
  if (!raw.trim())
    return screen(deps, state, alert('error', 'Please type a name for the workspace'));
  try {
    return screen(deps, { ...state, step: 'summary', name: checkWorkspaceName(raw) });
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    return screen(deps, state, alert('error', err.message));
  }
}

async function create(
  deps: Deps,
  state: State,
  focus: Focus,
  ctx: CogContext,
): Promise<FlowResult> {
  if (!ctx.userId) throw new Error('Not signed in');
  const experts = expertsFor(deps, focus);
  const name = state.name ?? suggestedName(focus);
  let url: string;
  try {
    ({ url } = await createWorkspaceWith(deps, {
      worldId: ctx.worldId,
      userId: ctx.userId,
      name,
      experts: experts.map((e) => e.id),
      providers: state.tools ?? [],
    }));
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    return screen(deps, state, alert('error', err.message));
  }
  return {
    state: {},
    component: card('Your workspace is ready', [
      text(`"${name}" is set up with ${experts.map((e) => e.name).join(', ')}.`, 'body1'),
      button('Open workspace', { action: openLink(url) }),
    ]),
    step: ONBOARDING_STEPS,
    steps: ONBOARDING_STEPS,
    done: true,
  };
}

/** One event on the current step; anything the step does not offer is answered on the same screen. */
async function onEvent(
  deps: Deps,
  state: State,
  event: FlowEvent,
  ctx: CogContext,
): Promise<FlowResult> {
  const focus = focusById(state.focus);
  const step: Step = focus ? (state.step ?? 'focus') : 'focus';
  const message = userMessage(event);
  if (event.event_handler === ONBOARDING_EVENTS.back)
    return screen(deps, { ...state, step: PREVIOUS[step] });
  if (step === 'focus') {
    if (event.event_handler === ONBOARDING_EVENTS.chooseFocus) {
      const raw = attrText(event, 'focus');
      return chooseFocus(deps, state, focusById(raw), raw);
    }
    if (message !== undefined) {
      if (!message.trim())
        return screen(deps, state, alert('error', 'Please type what you will work on'));
      const guess = focusFromText(message);
      if (guess) return chooseFocus(deps, state, guess, message);
      return screen(
        deps,
        state,
        alert('warning', `None of these fits "${clip(message)}": please pick one`),
      );
    }
  }
  if (step === 'tools' && focus && event.event_handler === ONBOARDING_EVENTS.chooseTools)
    return chooseTools(deps, state, event, focus);
  if (step === 'name' && focus) {
    if (message !== undefined) return setName(deps, state, message);
    if (event.event_handler === ONBOARDING_EVENTS.useSuggestedName)
      return setName(deps, state, suggestedName(focus));
  }
  if (step === 'summary' && focus && event.event_handler === ONBOARDING_EVENTS.create)
    return create(deps, state, focus, ctx);
  if (message !== undefined)
    return screen(deps, state, alert('info', 'Please use the choices above for this step'));
  return screen(deps, state, unknownAction(event));
}

/**
 * The onboarding flow: what the user works on (→ experts), which tools, a
 * name, a summary, then a real workspace with those experts and providers.
 */
export function onboardingFlow(deps: FlowDeps): Cog {
  return flowCog<OnboardingState>(
    ONBOARDING_FLOW,
    ONBOARDING_TITLE,
    (input: FlowInput<OnboardingState>, ctx) => {
      const inWorld: Deps = { ...deps, worldId: ctx.worldId };
      return input.event
        ? onEvent(inWorld, input.state, input.event, ctx)
        : screen(inWorld, input.state);
    },
  );
}
