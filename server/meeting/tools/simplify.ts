import { all, create } from 'mathjs';
import type { MathNode } from 'mathjs';
import { ToolError } from '../types';
import { checked, MAX_TEXT, normaliseAlgebra } from './algebraText';

/**
 * Simplifies or expands an expression in single-letter unknowns, after
 * algebraText.ts has checked it holds nothing but plain algebra.
 */

const plain = create(all!);

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The expanded polynomial (rationalize), or null when it is not one. */
function polynomial(node: MathNode): MathNode | null {
  try {
    return plain.simplify(plain.rationalize(node) as MathNode);
  } catch {
    return null;
  }
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
  if (typeof input !== 'string' || !input.trim()) {
    throw new ToolError('An expression is required, for example "2x + 3x - 4"');
  }
  const text = normaliseAlgebra(input);
  if (text.length > MAX_TEXT) throw new ToolError('The expression is too long');
  if (text.includes('=')) throw new ToolError('That is an equation: ask me to solve it instead');
  checked(text);
  // Parsed again by this instance: simplify only recognises its own nodes.
  const node = plain.parse(text);
  let result: MathNode;
  try {
    result = plain.simplify(node);
    const expanded = polynomial(node);
    if (expanded && (expand || expanded.toString().length <= result.toString().length)) {
      result = expanded;
    }
  } catch (err) {
    throw new ToolError(`Could not simplify "${text}": ${describe(err)}`);
  }
  const answer = tidy(result);
  return {
    answer,
    expression: text,
    working: `${expand ? 'Expanded' : 'Simplified'} with mathjs: ${text} = ${answer}.`,
  };
}

export interface ComputedText {
  answer: string;
  expression: string;
  working: string;
}
