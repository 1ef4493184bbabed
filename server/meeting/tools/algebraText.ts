import type { MathNode } from 'mathjs';
import { ToolError } from '../types';
import { plainMath } from './mathjs';

/**
 * Equations and expressions as people type them, made mathjs syntax and
 * checked: a parsed tree holds only numbers, single-letter unknowns, + − × ÷,
 * small whole powers and parentheses before anything evaluates it.
 */

export const MAX_TEXT = 300;
const MAX_POWER = 6;
const MAX_DEGREE = 24;
const ARITHMETIC = new Set([
  'add',
  'subtract',
  'multiply',
  'divide',
  'pow',
  'unaryMinus',
  'unaryPlus',
]);

/** Everyday notation to mathjs syntax: ×, ÷, −, x², "2(x" stays, "x(x+1)" → "x*(x+1)". */
export function normaliseAlgebra(text: string): string {
  return text
    .replace(/[×✕·]/g, '*')
    .replace(/÷/g, '/')
    .replace(/[−–—]/g, '-')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/\*\*/g, '^')
    .replace(/(\d),(\d{3})(?!\d)/g, '$1$2')
    .replace(/\b([a-z])\s*\(/gi, '$1*(')
    .replace(/\)\s*\(/g, ')*(')
    .replace(/\s+/g, ' ')
    .trim();
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const ONLY =
  'only numbers, single-letter unknowns, + − × ÷, whole powers up to 6 and parentheses are allowed';

/** Parses one side or expression and refuses anything but plain algebra. */
export function checked(text: string): MathNode {
  const plain = plainMath();
  if (!/^[\d\sa-zA-Z.+\-*/^()]+$/.test(text)) {
    throw new ToolError(`"${text}" has characters an equation cannot contain: ${ONLY}`);
  }
  let node: MathNode;
  try {
    node = plain.parse(text);
  } catch (err) {
    throw new ToolError(`"${text}" is not a valid expression (${describe(err)})`);
  }
  node.traverse((n) => {
    switch (n.type) {
      case 'ConstantNode':
        if (typeof (n as unknown as { value: unknown }).value !== 'number') {
          throw new ToolError(`"${text}": ${ONLY}`);
        }
        return;
      case 'SymbolNode':
        if (!/^[a-zA-Z]$/.test((n as unknown as { name: string }).name)) {
          throw new ToolError(
            `"${(n as unknown as { name: string }).name}" in "${text}" is not a single-letter unknown: ${ONLY}`,
          );
        }
        return;
      case 'ParenthesisNode':
        return;
      case 'OperatorNode': {
        const op = n as unknown as { fn: string; args: MathNode[] };
        if (!ARITHMETIC.has(op.fn)) throw new ToolError(`"${text}": ${ONLY}`);
        if (op.fn === 'pow') {
          let exponent = op.args[1]!;
          while (exponent.type === 'ParenthesisNode') {
            exponent = (exponent as unknown as { content: MathNode }).content;
          }
          const value = (exponent as unknown as { value?: unknown }).value;
          if (
            exponent.type !== 'ConstantNode' ||
            typeof value !== 'number' ||
            !Number.isInteger(value) ||
            value < 0 ||
            value > MAX_POWER
          ) {
            throw new ToolError(`"${text}": ${ONLY}`);
          }
        }
        return;
      }
      default:
        throw new ToolError(`"${text}": ${ONLY}`);
    }
  });
  if (degreeOf(node) > MAX_DEGREE) {
    throw new ToolError(`"${text}" is of too high a degree (over ${MAX_DEGREE}) to work with`);
  }
  return node;
}

/** An upper bound on the polynomial degree, so ((x^6)^6)^6 is refused before anything expands it. */
export function degreeOf(node: MathNode): number {
  const n = node as unknown as {
    type: string;
    fn?: string;
    args?: MathNode[];
    content?: MathNode;
    value?: number;
  };
  switch (n.type) {
    case 'SymbolNode':
      return 1;
    case 'ParenthesisNode':
      return degreeOf(n.content!);
    case 'OperatorNode': {
      const args = n.args!.map(degreeOf);
      if (n.fn === 'multiply' || n.fn === 'divide') return args[0]! + args[1]!;
      if (n.fn === 'pow') {
        let exponent = n.args![1]!;
        while (exponent.type === 'ParenthesisNode')
          exponent = (exponent as unknown as { content: MathNode }).content;
        return args[0]! * Number((exponent as unknown as { value: number }).value);
      }
      return Math.max(...args);
    }
    default:
      return 0;
  }
}

export function unknownsOf(node: MathNode): Set<string> {
  const names = new Set<string>();
  node.traverse((n) => {
    if (n.type === 'SymbolNode') names.add((n as unknown as { name: string }).name);
  });
  return names;
}

/** "3x + 5 = 2x - 7" → the checked text of lhs − rhs ("= 0" when there is no "="). */
export function difference(equation: string): { text: string; shown: string } {
  const normalised = normaliseAlgebra(equation);
  if (normalised.length > MAX_TEXT) throw new ToolError('The equation is too long');
  const sides = normalised.split('=').map((s) => s.trim());
  if (sides.length > 2 || sides.some((s) => !s)) {
    throw new ToolError(`"${equation}" is not an equation of the form left = right`);
  }
  const [left, right = '0'] = sides as [string, string?];
  checked(left);
  checked(right);
  return { text: `(${left}) - (${right})`, shown: `${left} = ${right}` };
}
