import type { MathNode } from 'mathjs';
import { ToolError } from '../types';
import { plainMath } from './mathjs';
import { checked, MAX_TEXT, normaliseAlgebra, unknownsOf } from './algebraText';
import { clearDenominators, polynomialText } from './polynomial';

/** mathjs simplify's rules take longer as an expression grows. */
const MAX_SYMBOLIC = 120;

/**
 * Simplifies or expands an expression in single-letter unknowns, after
 * algebraText.ts has checked it holds nothing but plain algebra.
 */

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** "2 * x ^ 2" → "2x^2". */
function tidy(node: MathNode): string {
  return node
    .toString({ implicit: 'hide', parenthesis: 'auto' })
    .replace(/(\d) \* ([a-zA-Z(])/g, '$1$2')
    .replace(/(\d) ([a-zA-Z(])/g, '$1$2')
    .replace(/ \^ /g, '^');
}

/** Simplifies (or, when asked, expands) an expression in single-letter unknowns. */
export function simplifyExpression(input: unknown, expand = false): ComputedText {
  const plain = plainMath();
  if (typeof input !== 'string' || !input.trim()) {
    throw new ToolError('An expression is required, for example "2x + 3x - 4"');
  }
  const text = normaliseAlgebra(input);
  if (text.length > MAX_TEXT) throw new ToolError('The expression is too long');
  if (text.includes('=')) throw new ToolError('That is an equation: ask me to solve it instead');
  const unknowns = [...unknownsOf(checked(text))];
  // One unknown, no unknown below a fraction bar: expanded exactly from its values.
  if (unknowns.length === 1) {
    const cleared = clearDenominators(text, unknowns[0]!);
    if (cleared.coefficients && !cleared.hasDenominator) {
      const answer = polynomialText(cleared.coefficients, unknowns[0]!, true);
      return {
        answer,
        expression: text,
        working: `Collected into powers of ${unknowns[0]} with exact fractions: ${text} = ${answer}.`,
      };
    }
  }
  if (text.length > MAX_SYMBOLIC) {
    throw new ToolError(
      `The expression is too long for me to simplify symbolically (over ${MAX_SYMBOLIC} characters)`,
    );
  }
  // Parsed again by this instance: simplify only recognises its own nodes.
  let result: MathNode;
  try {
    result = plain.simplify(plain.parse(text));
  } catch (err) {
    throw new ToolError(`Could not simplify "${text}": ${describe(err)}`);
  }
  const answer = tidy(result);
  return {
    answer,
    expression: text,
    working: `${expand ? 'Simplified (mathjs does not expand products of several unknowns)' : 'Simplified'} with mathjs: ${text} = ${answer}.`,
  };
}

export interface ComputedText {
  answer: string;
  expression: string;
  working: string;
}
