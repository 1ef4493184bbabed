import { trimEnd } from './trimEnd';
import type { ExpertProfile, HistoryEntry } from '../types';
import { isMathWord } from '../tools/calc';
import { resolveUnit } from '../tools/units';
import { readParts } from './compute';
import type { Part, ToolTask } from './compute';
import { looksLikeMaths } from './compute/legacy';
import { stripFillers } from './compute/words';
import type { Domain } from './domains';
import { conversionTarget, followUpExpression, lastResult, REFERENCE } from './followUp';
import { isDocumentSummary } from './summaryRequest';
import { withoutMarkdown } from './withoutMarkdown';
import type { PreviousResult } from './followUp';

/**
 * What the question asks, well enough to pick a tool: the offline engine's
 * whole "understanding". Pure: the same question and history always give
 * the same intent.
 */

export type { ToolTask };

export type Intent =
  | { kind: 'greeting' }
  | { kind: 'calc'; task: ToolTask }
  | { kind: 'compute'; parts: Part[] }
  | { kind: 'currency'; amount: string | null; currency: string }
  | { kind: 'search'; query: string }
  | { kind: 'docs' }
  | { kind: 'code' }
  | { kind: 'no-previous' };

/** The specialty that leads on each kind of question. */
export const LEAD_DOMAIN: Record<Exclude<Intent['kind'], 'greeting'>, Domain> = {
  calc: 'math',
  compute: 'math',
  currency: 'math',
  search: 'web',
  docs: 'docs',
  code: 'code',
  'no-previous': 'math',
};

const GREETING =
  /^(?:hi|hello|hey|hallo|hiya|howdy|greetings|good (?:morning|afternoon|evening|day)|yo)(?:\s+(?:there|all|everyone|team|folks|experts))?$|^(?:who are you(?: all)?|introduce yourselves|what can you do)$/i;
const CURRENCY =
  /^(?:euros?|eur|€|dollars?|usd|us dollars|\$|pounds? sterling|pounds?|gbp|sterling|£|yen|jpy|¥|swiss francs?|francs?|chf|yuan|cny|rupees?|inr|bitcoins?|btc)$/i;
const DOCS =
  /\b(?:documents?|docs|files?|drives?|pdfs?|polic(?:y|ies)|handbook|manual|knowledge base|contracts?|reports?|citations?|cite)\b/i;
/** A question about "our" or "we": the world's own documents know, unless it asks for the web. */
const OWN = /\b(?:[Oo]urs?|[Ww]e|us)\b/; // lower-case 'us' only: 'the US' is a country
const WEB = /\b(?:web|online|internet|google|news|latest|today's|weather|price of|search for)\b/i;
const SEARCH =
  /\b(?:search|look up|lookup|google|find out|news|latest|current|today's|recent|who is|who was|who won|what happened|price of|weather)\b/i;
const CODE =
  /\b(?:code|typescript|javascript|function|snippet|program|script|regex|api|bug|debug|compile|python|sql|npm|node\.?js)\b/i;

/** The question without its addressee and its markdown; line breaks stay (a list asks several things). */
function tidy(question: string, panel: ExpertProfile[]): string {
  let q = withoutMarkdown(question)
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
  for (const e of panel) {
    const name = e.name.toLowerCase();
    for (const n of [name, name.split(' ')[0]!]) {
      const lower = q.toLowerCase();
      if (lower.startsWith(`@${n}`) || lower.startsWith(`${n},`) || lower.startsWith(`${n}:`)) {
        q = q.slice(lower.indexOf(n) + n.length + 1).trim();
      }
    }
  }
  return trimEnd(q, '?!.', true).trim();
}

function currencyIntent(q: string, previous?: PreviousResult): Intent | null {
  const m = /^(?:(-?[\d,]*\.?\d+)\s*([a-z$€£¥]+\s+)?)?(?:in|to|into) ([a-z€$£¥ ]+)$/i.exec(q);
  if (!m || !CURRENCY.test(m[3]!.trim())) return null;
  // "70 kg in pounds": pounds of mass, not sterling.
  if (m[2] && resolveUnit(m[2])) return null;
  const amount = m[1]?.replace(/,/g, '') ?? previous?.number ?? null;
  return { kind: 'currency', amount, currency: m[3]!.trim() };
}

function followUpIntent(q: string, previous?: PreviousResult): Intent | null {
  const target = conversionTarget(q);
  if (target && CURRENCY.test(target)) {
    return { kind: 'currency', amount: previous?.number ?? null, currency: target };
  }
  if (target && isMathWord(target.replace(/ /g, ''))) {
    if (!previous) return { kind: 'no-previous' };
    const task: ToolTask = previous.unit
      ? {
          tool: 'calc_convert',
          args: { value: Number(previous.number), from: previous.unit, to: target },
        }
      : { tool: 'calc_evaluate', args: { expression: `${previous.text} to ${target}` } };
    return { kind: 'calc', task: { ...task, basis: previous } };
  }
  const stripped = stripFillers(q);
  if (!REFERENCE.test(stripped)) return null;
  const expression = followUpExpression(stripped, previous?.text ?? '1');
  if (!expression || !looksLikeMaths(expression)) return null;
  if (!previous) return { kind: 'no-previous' };
  return { kind: 'calc', task: { tool: 'calc_evaluate', args: { expression }, basis: previous } };
}

/**
 * How much of a message the intent patterns read. The computable readers get
 * the whole message (they bound their own work); every other pattern here
 * reads this much, so that none of them, run on the longest message a socket
 * accepts, can keep the event loop busy.
 */
const MAX_INTENT_CHARS = 2000;

export function understand(
  question: string,
  history: HistoryEntry[],
  panel: ExpertProfile[],
  now: Date,
): Intent {
  const lines = tidy(question, panel);
  // What a message asks is said in its first lines; reading past them only costs time.
  const q = lines.slice(0, MAX_INTENT_CHARS).replace(/\n/g, ' ');
  if (!q || GREETING.test(q.replace(/[,!]/g, ''))) return { kind: 'greeting' };
  const previous = lastResult(history, question);
  const followUp = followUpIntent(q, previous);
  if (followUp) return followUp;
  const core = stripFillers(q);
  const currency = currencyIntent(core, previous);
  if (currency) return currency;
  const parts = readParts(lines, now);
  if (parts) return { kind: 'compute', parts };
  if (isDocumentSummary(q) || DOCS.test(q) || (OWN.test(q) && !WEB.test(q)))
    return { kind: 'docs' };
  if (SEARCH.test(q)) return { kind: 'search', query: searchQuery(q) };
  const embedded = CODE.test(q) ? embeddedExpression(q) : null;
  if (embedded)
    return { kind: 'calc', task: { tool: 'calc_evaluate', args: { expression: embedded } } };
  if (CODE.test(q)) return { kind: 'code' };
  if (looksLikeExpression(core)) {
    return { kind: 'calc', task: { tool: 'calc_evaluate', args: { expression: core } } };
  }
  return { kind: 'search', query: searchQuery(q) };
}

/** Formula-like input ("import({})", "f(x) = x^2"): calc_evaluate decides, and says why not. */
function looksLikeExpression(text: string): boolean {
  return /[()=+*/^{}[\]]/.test(text) && !/[a-z]+\s+[a-z]+\s+[a-z]+/i.test(text);
}

/** "Write code for 12.5% of 2,480" → "12.5% of 2,480". */
function embeddedExpression(q: string): string | null {
  const m =
    /\d[\d,.]*\s*%\s*(?:of|off)\s*\d[\d,.]*|[\d(][\d\s.,()]*(?:[-+*/^%][\d\s.,()]*)+[\d)]/.exec(q);
  return m && looksLikeMaths(m[0]) ? m[0].trim() : null;
}

function searchQuery(question: string): string {
  const query = question.replace(
    /^\s*(?:please\s+)?(?:(?:can|could) you\s+)?(?:search(?: the web| online)?(?: for)?|look up|google|find out(?: about)?)\s+/i,
    '',
  );
  return trimEnd(query, '?!.', true).trim().slice(0, 200);
}
