import type { AnswerRequest, ExpertEngine, ExpertReporter } from '../types';
import { codeQuestionAnswer, snippetAnswer } from './code';
import { expertDomains, leadFor, previousTwin } from './domains';
import type { Domain } from './domains';
import { LEAD_DOMAIN, understand } from './intent';
import type { Intent } from './intent';
import { mathAnswer } from './math';
import { docsAnswer } from './docs';
import { outOfReachAnswer, webAnswer } from './research';
import { streamAnswer } from './stream';
import { timeAnswer } from './time';
import type { Turn } from './turn';
import { introduction, nothingToAdd } from './voices';

/**
 * The offline engine: no network, no keys. It reads the question (intent.ts),
 * lets each expert answer only from its own specialty with its tools, and
 * has the others say in one sentence that they have nothing to add.
 */

export interface OfflineEngineOptions {
  /** Delay between streamed chunks (default 15 ms; tests pass 0). */
  paceMs?: number;
}

type Run = (turn: Turn) => Promise<string>;

/** How an expert of this specialty handles this kind of question, if at all. */
function handler(domain: Domain, intent: Intent): Run | null {
  switch (domain) {
    case 'math':
      return intent.kind === 'calc' || intent.kind === 'currency' || intent.kind === 'no-previous'
        ? mathAnswer
        : null;
    case 'time':
      return intent.kind === 'time' ? (turn) => timeAnswer(turn, intent.task) : null;
    case 'code':
      if (intent.kind === 'calc') return (turn) => snippetAnswer(turn, intent.task);
      if (intent.kind === 'time' && intent.task) {
        const task = intent.task;
        return (turn) => snippetAnswer(turn, task);
      }
      return intent.kind === 'code' ? async () => codeQuestionAnswer() : null;
    case 'web':
      return intent.kind === 'search' || intent.kind === 'currency' ? webAnswer : null;
    case 'docs':
      return intent.kind === 'docs' ? docsAnswer : null;
  }
}

async function compose(
  request: AnswerRequest,
  report: ExpertReporter,
  intent: Intent,
): Promise<string> {
  const { expert, panel } = request;
  const domains = expertDomains(expert);
  const primary = domains[0] ?? 'generic';
  if (intent.kind === 'greeting') return introduction(expert, primary);
  const twin = previousTwin(expert, panel);
  for (const domain of domains) {
    const run = handler(domain, intent);
    if (!run) continue;
    const task = 'task' in intent ? intent.task : undefined;
    report.trace(`${expert.name} · offline plan`, {
      value: { question: intent.kind, answeringAs: domain, task },
    });
    const text = await run({ request, report, intent, domain });
    return twin && domain === primary ? `Independently of ${twin.name}: ${text}` : text;
  }
  const question = request.question.toLowerCase();
  const touched = expert.keywords.find((k) => k && question.includes(k.toLowerCase()));
  if (primary === 'generic' && touched) return outOfReachAnswer(touched);
  const lead = leadFor(LEAD_DOMAIN[intent.kind], panel, expert);
  return nothingToAdd(expert, primary, intent.kind, lead, twin);
}

export function createOfflineEngine(opts: OfflineEngineOptions = {}): ExpertEngine {
  const paceMs = opts.paceMs ?? 15;
  return {
    name: 'offline',
    async answer(request: AnswerRequest, report: ExpertReporter): Promise<void> {
      request.signal.throwIfAborted();
      const intent = understand(request.question, request.history, request.panel, request.now);
      const text = await compose(request, report, intent);
      await streamAnswer(report, text, paceMs, request.signal);
    },
  };
}
