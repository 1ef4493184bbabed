import { trimEnd } from '../trimEnd';
import { normaliseAlgebra } from '../../tools/algebraText';
import type { Reader } from './types';

/**
 * Algebra as people type it: "3x + 5 = 2x - 7", "solve 2(x-3) = 4x + 8",
 * "solve for x: x^2 - 5x + 6 = 0", "find x if x/3 + 1/2 = 5/6",
 * "x + y = 10, x - y = 2", "roots of x² - 4", "simplify 2x + 3x - 4",
 * "expand (x+1)^2". The equations go to calc_solve, which checks and solves
 * them; an expression to simplify goes to calc_simplify.
 */

const LETTERS = String.raw`[a-z](?:\s*(?:,|and)\s*[a-z])*`;
const SOLVE_LEAD = new RegExp(
  String.raw`^(?:please\s+)?(?:(?:can|could) you\s+)?(?:solve|find|determine|calculate|compute|work out|what(?:'s| is| are)|whats)\s*:?\s+` +
    String.raw`(?:(?:the\s+)?(?:equations?|system(?: of equations)?)\s*:?\s*)?` +
    String.raw`(?:(?:the\s+)?(?:values?|roots?|solutions?|zeros?)\s+(?:of|to|for)\s+)?(?:for\s+)?` +
    String.raw`(?:${LETTERS}\s*(?:if|when|given|where|in|from|such that|:)\s*)?`,
  'i',
);
const VALUE_OF = new RegExp(
  String.raw`^(?:(?:what|which)\s+|find\s+the\s+)?values?\s+of\s+${LETTERS}\s+(?:satisfies|satisfy|solves|solve|makes|make)\s+(?:the equation\s+)?`,
  'i',
);
const ROOTS = /^(?:the\s+)?(?:roots?|zeros?|solutions?)\s+(?:of|to|for)\s+/i;
const SOLVE_WORDS = /\b(?:solve|roots?|zeros?|solutions?|satisf(?:y|ies))\b|^find\b/i;
const SIMPLIFY = /^(?:please\s+)?(simplify|expand|multiply out|factor|factori[sz]e)\s*:?\s+(.+)$/i;
const TAIL = new RegExp(
  String.raw`\s*,?\s*(?:(?:solve|solving)\s+)?(?:for|what(?:'s| is| are)|find)\s+${LETTERS}\s*$`,
  'i',
);

/** Only algebra left: digits, single letters, operators, parentheses and "=". */
function isAlgebra(text: string): boolean {
  const t = normaliseAlgebra(text);
  if (!/^[\d\sa-zA-Z.+\-*/^()=]+$/.test(t)) return false;
  if (!/[a-zA-Z]/.test(t)) return false;
  // Every run of letters is one unknown (2x, xy is not allowed: it reads as a word).
  return (t.match(/[a-zA-Z]+/g) ?? []).every((w) => w.length === 1);
}

function equationsOf(text: string): string[] {
  return text
    .split(/\s*(?:;|,(?!\d{3}\b)|\band\b|\n)\s*/i)
    .map((e) => e.trim())
    .filter(Boolean);
}

export const algebraReader: Reader = (question) => {
  const q = trimEnd(question, '?!.').trim();
  const simplify = SIMPLIFY.exec(q);
  if (simplify) {
    const verb = simplify[1]!.toLowerCase();
    const expression = simplify[2]!.trim();
    if (!isAlgebra(expression) || expression.includes('=')) return null;
    if (verb.startsWith('factor')) {
      return {
        kind: 'partial',
        domain: 'math',
        understood: `factorising ${expression}`,
        missing: 'factorising is not one of my tools (I can solve, simplify or expand it)',
      };
    }
    return {
      kind: 'reading',
      domain: 'math',
      task: {
        tool: 'calc_simplify',
        args: { expression, ...(verb === 'simplify' ? {} : { expand: true }) },
      },
    };
  }
  // "if 2x + 3 = 11, what is x" → the condition first.
  const ifThen = new RegExp(
    String.raw`^(?:if|given)\s+(.+?)\s*,?\s*(?:then\s+)?(?:what(?:'s| is| are)|find|solve for)\s+${LETTERS}$`,
    'i',
  ).exec(q);
  let body = ifThen
    ? ifThen[1]!
    : q.replace(SOLVE_LEAD, '').replace(VALUE_OF, '').replace(ROOTS, '').replace(TAIL, '').trim();
  if (!body) return null;
  const asksToSolve = ifThen !== null || SOLVE_WORDS.test(q);
  const equations = equationsOf(body);
  if (!equations.length || !equations.every(isAlgebra)) {
    return asksToSolve && /=/.test(q) && /\d/.test(q)
      ? {
          kind: 'partial',
          domain: 'math',
          understood: 'an equation to solve',
          missing:
            'I could not read the equation exactly (numbers, single-letter unknowns and + − × ÷ ^ only)',
        }
      : null;
  }
  const withEquals = equations.filter((e) => e.includes('='));
  if (withEquals.length !== equations.length) {
    // "roots of x^2 - 5x + 6": one polynomial set to zero, only when asked to solve.
    if (!(asksToSolve && equations.length === 1)) return null;
    body = `${equations[0]} = 0`;
    return reading([body]);
  }
  return reading(equations);
};

function reading(equations: string[]) {
  return {
    kind: 'reading' as const,
    domain: 'math' as const,
    task: { tool: 'calc_solve', args: { equations } },
  };
}
