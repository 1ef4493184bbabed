import type { AnswerRequest, ExpertEngine, ExpertReporter } from '../types';
import { partsAnswer, partsFor } from './answerParts';
import { codeQuestionAnswer, snippetAnswer } from './code';
import { loadMathjs } from '../tools/mathjs';
import { expertDomains, leadFor, previousTwin } from './domains';
import type { Domain } from './domains';
import { LEAD_DOMAIN, understand } from './intent';
import type { Intent } from './intent';
import { mathAnswer } from './math';
import { addressedTo, docsAnswer } from './docs';
import { outOfReachAnswer, webAnswer } from './research';
import { streamAnswer } from './stream';
import type { Turn } from './turn';
import { introduction, leadHas, nothingToAdd } from './voices';

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

/** The tools whose results the code expert reproduces in TypeScript (snippets.ts). */
const SNIPPETS = new Set([
  'calc_evaluate',
  'calc_convert',
  'calc_statistics',
  'datetime_now',
  'datetime_convert',
  'datetime_difference',
]);

/** How an expert of this specialty handles this kind of question, if at all. */
function handler(domain: Domain, intent: Intent): Run | null {
  switch (domain) {
    case 'math':
      return intent.kind === 'calc' || intent.kind === 'currency' || intent.kind === 'no-previous'
        ? mathAnswer
        : null;
    case 'time':
      return null;
    case 'code':
      if (intent.kind === 'calc') return (turn) => snippetAnswer(turn, intent.task);
      if (intent.kind === 'compute') {
        const only = intent.parts.length === 1 ? intent.parts[0]!.reading : null;
        if (only?.kind === 'reading' && SNIPPETS.has(only.task.tool)) {
          return (turn) => snippetAnswer(turn, only.task);
        }
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
  if (intent.kind === 'compute') {
    const covered = new Set(panel.flatMap((e) => expertDomains(e)));
    const mine = partsFor(intent.parts, domains, covered);
    if (mine.length) {
      report.trace(`${expert.name} · offline plan`, {
        value: {
          question: 'compute',
          parts: mine.map((p) => ({
            text: p.text,
            answeringAs: p.reading.domain,
            ...(p.reading.kind === 'reading' ? { task: p.reading.task } : { unread: true }),
          })),
        },
      });
      const text = await partsAnswer(
        { request, report, intent, domain: primary },
        mine,
        intent.parts,
      );
      return twin ? `Independently of ${twin.name}: ${text}` : text;
    }
  }
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
  // A question put to the librarian by name is a question for the documents (the workspace's
  // attached files first), even when it reads like a web search: "@Lee, when does the kiln fire?"
  if (
    intent.kind === 'search' &&
    domains.includes('docs') &&
    addressedTo(request.question, expert.name)
  ) {
    report.trace(`${expert.name} · offline plan`, {
      value: { question: intent.kind, answeringAs: 'docs', addressed: true },
    });
    return docsAnswer({ request, report, intent, domain: 'docs' });
  }
  const question = request.question.toLowerCase();
  const touched = expert.keywords.find((k) => k && question.includes(k.toLowerCase()));
  if (primary === 'generic' && touched) return outOfReachAnswer(touched);
  const leadDomain =
    intent.kind === 'compute' ? intent.parts[0]!.reading.domain : LEAD_DOMAIN[intent.kind];
  const lead = leadFor(leadDomain, panel, expert);
  return nothingToAdd(expert, primary, leadHas(intent.kind, leadDomain), lead, twin);
}

export function createOfflineEngine(opts: OfflineEngineOptions = {}): ExpertEngine {
  const paceMs = opts.paceMs ?? 15;
  return {
    name: 'offline',
    async answer(request: AnswerRequest, report: ExpertReporter): Promise<void> {
      request.signal.throwIfAborted();
      // Reading the question asks mathjs which words are units (see loadMathjs).
      await loadMathjs();
      const intent = understand(request.question, request.history, request.panel, request.now);
      const text = await compose(request, report, intent);
      await streamAnswer(report, text, paceMs, request.signal);
    },
  };
}
