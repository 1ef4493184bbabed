import type { MathNode } from 'mathjs';
import { parseMaths } from '../tools/calc';

/**
 * Translates a plain mathjs expression into the equivalent TypeScript
 * expression ("(12.5 / 100) * 2480", "2 ** 10", "Math.sqrt(2)"), or null
 * when it uses units, matrices or functions JavaScript's Math lacks.
 */

const MATH_FUNCTIONS = new Set(
  'abs sqrt cbrt exp log10 log2 sin cos tan asin acos atan atan2 sinh cosh tanh floor ceil sign min max hypot'.split(
    ' ',
  ),
);
const BINARY: Record<string, [string, number]> = {
  '+': ['+', 1],
  '-': ['-', 1],
  '*': ['*', 2],
  '/': ['/', 2],
  mod: ['%', 2],
  '%': ['%', 2],
  '^': ['**', 4],
  '.*': ['*', 2],
  './': ['/', 2],
};

interface Js {
  code: string;
  /** Precedence of the outermost operator (9 for atoms). */
  prec: number;
}

type AnyNode = MathNode & {
  value?: unknown;
  name?: string;
  op?: string;
  fn?: unknown;
  args?: MathNode[];
  content?: MathNode;
};

function translate(node: AnyNode): Js | null {
  switch (node.type) {
    case 'ConstantNode': {
      const text = String(node.value);
      return /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(text) ? { code: text, prec: 9 } : null;
    }
    case 'SymbolNode':
      if (node.name === 'pi') return { code: 'Math.PI', prec: 9 };
      if (node.name === 'e') return { code: 'Math.E', prec: 9 };
      return null;
    case 'ParenthesisNode': {
      const inner = translate(node.content as AnyNode);
      return inner ? { code: `(${inner.code})`, prec: 9 } : null;
    }
    case 'FunctionNode': {
      const name = (node.fn as { name?: string }).name ?? '';
      const args = (node.args ?? []).map((a) => translate(a as AnyNode));
      if (args.some((a) => a === null)) return null;
      const list = args.map((a) => a!.code).join(', ');
      if (name === 'log' && args.length === 1) return { code: `Math.log(${list})`, prec: 9 };
      if (name === 'round' && args.length === 1) return { code: `Math.round(${list})`, prec: 9 };
      if (name === 'pow' && args.length === 2) return { code: `Math.pow(${list})`, prec: 9 };
      return MATH_FUNCTIONS.has(name) ? { code: `Math.${name}(${list})`, prec: 9 } : null;
    }
    case 'OperatorNode':
      return operator(node);
    default:
      return null;
  }
}

function operator(node: AnyNode): Js | null {
  const args = (node.args ?? []).map((a) => translate(a as AnyNode));
  if (args.some((a) => a === null)) return null;
  if (args.length === 1) {
    const [a] = args as [Js];
    if (node.op === '+') return a;
    if (node.op !== '-') return null;
    return { code: a.prec < 9 ? `-(${a.code})` : `-${a.code}`, prec: 3 };
  }
  const binary = BINARY[node.op ?? ''];
  if (!binary || args.length !== 2) return null;
  const [op, prec] = binary;
  const [l, r] = args as [Js, Js];
  // ** is right-associative and its left side cannot be a unary expression.
  const wrapLeft = op === '**' ? l.prec <= prec : l.prec < prec;
  const wrapRight = op === '**' ? r.prec < prec : r.prec <= prec;
  const left = wrapLeft ? `(${l.code})` : l.code;
  const right = wrapRight ? `(${r.code})` : r.code;
  return { code: `${left} ${op} ${right}`, prec };
}

export function toJavaScript(expression: string): string | null {
  try {
    return translate(parseMaths(expression) as AnyNode)?.code ?? null;
  } catch {
    return null;
  }
}
