import type { BigNumber, MathNode } from 'mathjs';
import { solveEquations } from './algebra';
import { loadingMathjs, onFirstUse } from './mathjs';
import { describeTool } from './providers';
import { simplifyExpression } from './simplify';
import { STATISTICS, statistics } from './statistics';
import { convertQuantity, resolveUnit } from './units';
import { ToolError } from '../types';
import type { Tool, ToolResult } from '../types';

/**
 * The calculations provider: exact arithmetic through a sandboxed mathjs
 * (BigNumber, 64 significant digits), with the everyday notations people type
 * ("2,480", "12.5% of 2,480", "15% off 80", "x + 10%", "5 km in miles").
 */

const MAX_EXPRESSION = 500;
const MAX_FACTORIAL = 5000;

function disabled(name: string) {
  return () => {
    throw new Error(`Function ${name} is disabled`);
  };
}

/** Functions whose running time grows with their argument get a ceiling. */
function capped(name: string, fn: (...args: never[]) => unknown) {
  return (...args: unknown[]) => {
    for (const n of args) {
      const size = Math.abs(Number(n));
      if (!Number.isFinite(size) || size > MAX_FACTORIAL) {
        throw new Error(`${name} is limited to arguments up to ${MAX_FACTORIAL}`);
      }
    }
    return fn(...(args as never[]));
  };
}

/**
 * The sandboxed instance (its own: nothing else may see it altered), with
 * the parse and evaluate it had before the sandbox took them away.
 */
const sandbox = onFirstUse((m) => {
  const math = m.create(m.all!, { number: 'BigNumber', precision: 64 });
  const limitedEvaluate = math.evaluate.bind(math);
  const limitedParse = math.parse.bind(math);
  const originalFactorial = math.factorial.bind(math);
  const originalGamma = math.gamma.bind(math);
  const originalCombinations = math.combinations.bind(math);
  const originalPermutations = math.permutations.bind(math);
  // The mathjs security page: functions that alter the instance or parse arbitrary input.
  math.import(
    {
      import: disabled('import'),
      createUnit: disabled('createUnit'),
      evaluate: disabled('evaluate'),
      parse: disabled('parse'),
      simplify: disabled('simplify'),
      simplifyConstant: disabled('simplifyConstant'),
      simplifyCore: disabled('simplifyCore'),
      derivative: disabled('derivative'),
      resolve: disabled('resolve'),
      compile: disabled('compile'),
      chain: disabled('chain'),
      rationalize: disabled('rationalize'),
      reviver: disabled('reviver'),
      replacer: disabled('replacer'),
      help: disabled('help'),
      factorial: capped('factorial', originalFactorial),
      gamma: capped('gamma', originalGamma),
      combinations: capped('combinations', originalCombinations),
      permutations: capped('permutations', originalPermutations),
    },
    { override: true },
  );
  return { math, limitedEvaluate, limitedParse };
});

/** Functions an expression may call: the arithmetic a calculator has, nothing that builds or parses. */
const allowedFunctions = new Set(
  (
    'abs sqrt cbrt nthRoot exp expm1 log log10 log2 log1p pow square cube round floor ceil fix sign ' +
    'mod gcd lcm hypot factorial gamma combinations permutations sin cos tan sec csc cot asin acos atan ' +
    'atan2 sinh cosh tanh asinh acosh atanh min max mean median mode std variance sum prod quantileSeq ' +
    'to unit number bignumber fraction re im conj arg floorDiv unaryMinus unaryPlus add subtract multiply divide'
  ).split(' '),
);
const constants = new Set(['pi', 'e', 'tau', 'phi', 'i', 'Infinity', 'PI', 'E', 'LN2', 'LN10']);

const notMaths = 'calc_evaluate only evaluates mathematical expressions';

/** Refuses anything that is not plain mathematics, with the reason. */
function checkNode(node: MathNode): void {
  const { Unit } = sandbox().math;
  node.traverse((n, _path, parent) => {
    switch (n.type) {
      case 'AssignmentNode':
      case 'FunctionAssignmentNode':
        throw new ToolError(`Assignments and function definitions are not allowed: ${notMaths}`);
      case 'ObjectNode':
      case 'AccessorNode':
      case 'IndexNode':
      case 'BlockNode':
        throw new ToolError(`Objects, indexing and statement blocks are not allowed: ${notMaths}`);
      case 'RangeNode':
        throw new ToolError(`Ranges are not allowed: ${notMaths}`);
      case 'ConstantNode': {
        const value = (n as unknown as { value: unknown }).value;
        if (typeof value === 'string') {
          throw new ToolError(`Text strings are not allowed: ${notMaths}`);
        }
        break;
      }
      case 'FunctionNode': {
        const name = (n as unknown as { fn: { name?: string } }).fn.name ?? '';
        if (!allowedFunctions.has(name)) {
          throw new ToolError(`The function "${name}" is not allowed: ${notMaths}`);
        }
        break;
      }
      case 'SymbolNode': {
        const name = (n as unknown as { name: string }).name;
        const isCallee =
          parent?.type === 'FunctionNode' && (parent as unknown as { fn: unknown }).fn === n;
        if (!isCallee && !constants.has(name) && !Unit.isValuelessUnit(name)) {
          throw new ToolError(`"${name}" is not a number, unit or constant: ${notMaths}`);
        }
        break;
      }
      default:
        break;
    }
  });
}

const numberPattern = String.raw`\d+(?:\.\d+)?`;

/** Turns everyday notation into a mathjs expression (see the file comment). */
export function normaliseExpression(input: string): string {
  let s = input
    .trim()
    .replace(/[?=]+\s*$/, '')
    .replace(/[×✕]/g, '*')
    .replace(/÷/g, '/')
    .replace(/[−–]/g, '-')
    .replace(/\bper ?cent\b/gi, '%')
    .trim();
  // Thousands separators: 2,480 and 1,234,567.89 (not inside a function's argument list).
  if (!/[a-z]\s*\(/i.test(s))
    s = s.replace(/\b(\d{1,3}(?:,\d{3})+)(?!\d)/g, (m) => m.replace(/,/g, ''));
  s = s
    .replace(/\bdivided by\b/gi, '/')
    .replace(/\b(?:times|multiplied by)\b/gi, '*')
    .replace(/\bplus\b/gi, '+')
    .replace(/\bminus\b/gi, '-')
    .replace(/(\d)\s*x\s*(?=\d)/gi, '$1 * ')
    .replace(/\bsquared\b/gi, '^2')
    .replace(/\bcubed\b/gi, '^3');
  // "15% off 80" → 80 * (1 - 15 / 100)
  s = s.replace(
    new RegExp(`(${numberPattern})\\s*%\\s*off\\s+(${numberPattern})`, 'gi'),
    '$2 * (1 - $1 / 100)',
  );
  // "12.5% of 2480" → (12.5 / 100) * 2480
  s = s.replace(new RegExp(`(${numberPattern})\\s*%\\s*of\\b`, 'gi'), '($1 / 100) *');
  s = applyAddedPercentages(s);
  // Any other "4%" is a fraction.
  s = s.replace(new RegExp(`(${numberPattern})\\s*%`, 'g'), '($1 / 100)');
  return s.replace(/\s+/g, ' ').trim();
}

/** "100 + 10% + 5%" → ((100) * (1 + 10 / 100)) * (1 + 5 / 100), as a calculator does. */
function applyAddedPercentages(s: string): string {
  const re = new RegExp(`([+-])\\s*(${numberPattern})\\s*%(?=\\s*(?:$|[+-]))`);
  for (let guard = 0; guard < 20; guard++) {
    const m = re.exec(s);
    if (!m) return s;
    const before = s.slice(0, m.index).trim();
    if (!before || depth(before) !== 0) return s;
    const after = s.slice(m.index + m[0].length);
    s = `(${before}) * (1 ${m[1]} ${m[2]} / 100)${after}`;
  }
  return s;
}

function depth(s: string): number {
  let d = 0;
  for (const ch of s) d += ch === '(' ? 1 : ch === ')' ? -1 : 0;
  return d;
}

/** A result as text: exact integers in full, others to 15 significant digits. */
export function formatValue(value: unknown): string {
  const { math } = sandbox();
  if (math.isBigNumber(value)) {
    const big = value as BigNumber;
    if (big.isInteger() && big.abs().lt(1e21)) return big.toFixed();
  }
  return math.format(value, { precision: 15, lowerExp: -9, upperExp: 21 });
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Parses, checks and evaluates; throws ToolError with the reason on anything else. */
export function evaluateExpression(input: string): { expression: string; result: string } {
  if (typeof input !== 'string' || !input.trim()) {
    throw new ToolError('An expression is required, for example "12.5% of 2,480"');
  }
  if (input.length > MAX_EXPRESSION) {
    throw new ToolError(`The expression is too long (over ${MAX_EXPRESSION} characters)`);
  }
  const expression = normaliseExpression(input);
  const { limitedParse, limitedEvaluate } = sandbox();
  let node: MathNode;
  try {
    node = limitedParse(expression);
  } catch (err) {
    throw new ToolError(`Not a valid mathematical expression (${describe(err)})`);
  }
  checkNode(node);
  let value: unknown;
  try {
    value = limitedEvaluate(expression);
  } catch (err) {
    const message = describe(err);
    const undefinedSymbol = /^Undefined symbol (.+)$/.exec(message);
    if (undefinedSymbol) {
      throw new ToolError(`"${undefinedSymbol[1]}" is not a number, unit or constant: ${notMaths}`);
    }
    throw new ToolError(`Could not evaluate "${expression}": ${message}`);
  }
  if (typeof value === 'function' || value === undefined || typeof value === 'string') {
    throw new ToolError(`"${expression}" does not produce a value: ${notMaths}`);
  }
  return { expression, result: formatValue(value) };
}

/** The expression tree of a normalised expression (parsing alone evaluates nothing). */
export function parseMaths(expression: string): MathNode {
  return sandbox().limitedParse(expression);
}

/** True for a word a calculation may contain: a unit, a constant or an allowed function. */
export function isMathWord(word: string): boolean {
  return allowedFunctions.has(word) || constants.has(word) || isUnitName(word);
}

/** True for a word mathjs knows as a unit (km, miles, degF) or a unit as people write it (°F, lbs). */
export function isUnitName(word: string): boolean {
  const { Unit } = sandbox().math;
  try {
    return Unit.isValuelessUnit(word) || resolveUnit(word) !== null;
  } catch {
    return false;
  }
}

export function calcTools(): Tool[] {
  const tools: Tool[] = [
    {
      ...describeTool('calc_evaluate'),
      parameters: {
        type: 'object',
        properties: {
          expression: {
            type: 'string',
            description: 'e.g. "12.5% of 2,480", "0.1 + 0.2", "5 km to miles", "sqrt(2) * 3"',
          },
        },
        required: ['expression'],
      },
      async run(args): Promise<ToolResult> {
        const value = evaluateExpression(args.expression as string);
        return { output: `${value.expression} = ${value.result}`, value };
      },
    },
    {
      ...describeTool('calc_convert'),
      parameters: {
        type: 'object',
        properties: {
          value: { type: 'number' },
          from: {
            type: 'string',
            description: 'unit as written, e.g. km, °F, "degrees fahrenheit", lbs, sq ft, mph, GiB',
          },
          to: { type: 'string', description: 'unit, e.g. miles, °C, kg, m², km/h, MB' },
        },
        required: ['value', 'from', 'to'],
      },
      async run(args): Promise<ToolResult> {
        const value = convertQuantity(args.value, args.from, args.to);
        return { output: `${value.value} ${value.from} = ${value.answer}`, value };
      },
    },
    {
      ...describeTool('calc_statistics'),
      parameters: {
        type: 'object',
        properties: {
          numbers: { type: 'array', items: { type: 'number' } },
          statistic: {
            type: 'string',
            enum: [...STATISTICS],
            description:
              'the statistic asked; the answer leads with it (default summary: the mean)',
          },
          population: {
            type: 'boolean',
            description:
              'population variance / standard deviation (divide by n); default sample (n − 1)',
          },
          percentile: { type: 'number', description: '0–100, for statistic "percentile"' },
        },
        required: ['numbers'],
      },
      async run(args): Promise<ToolResult> {
        const value = statistics(args.numbers, args);
        const output =
          `${value.label} ${value.headline}; count ${value.count}, sum ${value.sum}, mean ${value.mean}, ` +
          `median ${value.median}, mode ${value.mode}, standard deviation (sample) ${value.stdDev}, ` +
          `min ${value.min}, max ${value.max}`;
        return { output, value };
      },
    },
    {
      ...describeTool('calc_solve'),
      parameters: {
        type: 'object',
        properties: {
          equations: {
            type: 'array',
            items: { type: 'string' },
            description:
              'one equation in one unknown (linear, quadratic or cubic) or 2–3 linear equations, e.g. ["x + y = 10", "x - y = 2"]',
          },
        },
        required: ['equations'],
      },
      async run(args): Promise<ToolResult> {
        const value = solveEquations(args.equations);
        return { output: `${value.expression}: ${value.answer}`, value };
      },
    },
    {
      ...describeTool('calc_simplify'),
      parameters: {
        type: 'object',
        properties: {
          expression: { type: 'string', description: 'e.g. "2x + 3x - 4 + 2(x + 1)"' },
          expand: { type: 'boolean', description: 'multiply out products and powers' },
        },
        required: ['expression'],
      },
      async run(args): Promise<ToolResult> {
        const value = simplifyExpression(args.expression, args.expand === true);
        return { output: `${value.expression} = ${value.answer}`, value };
      },
    },
  ];
  return tools.map(loadingMathjs);
}
