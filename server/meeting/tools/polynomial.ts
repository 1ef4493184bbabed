import type { Fraction, MathNode } from 'mathjs';
import { degreeOf } from './algebraText';
import { fractionMath, onFirstUse, plainMath } from './mathjs';

/**
 * Polynomials in one unknown, exactly: an expression (already checked by
 * algebraText.ts) is multiplied by its denominators and its coefficients are
 * found by evaluating it at a few points in fraction arithmetic and solving
 * the Vandermonde system — bounded work, unlike symbolic expansion, which
 * takes seconds on a product of a few binomials.
 */

export type Scope = Record<string, Fraction>;

export const frac = (n: number | string) => fractionMath().fraction(n) as Fraction;

export function evaluator(text: string): (scope: Scope) => Fraction {
  const exact = fractionMath();
  const code = exact.parse(text).compile();
  return (scope) => code.evaluate(scope) as Fraction;
}

function formatNumber(x: number): string {
  if (Object.is(x, -0) || Math.abs(x) < 1e-12) return '0';
  return String(Number(x.toPrecision(10)));
}

/** A fraction for a headline: whole, or a decimal to 10 significant digits. */
export function formatFraction(f: Fraction): string {
  if (f.d === 1n) return (f.s * f.n).toString();
  return formatNumber(Number(f.valueOf()));
}

export { formatNumber };

const points = onFirstUse(() =>
  [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 9, -9, 10, -10]
    .concat([11, -11, 12, -12, 13, -13, 14, -14, 15, -15, 16, -16, 17, -17, 1 / 2, -1 / 2, 1 / 3])
    .map((p) => frac(p)),
);

/** The coefficients c0…cn of g, a polynomial of degree ≤ n; null when g is not one. */
export function interpolate(g: (x: Fraction) => Fraction | null, n: number): Fraction[] | null {
  const exact = fractionMath();
  const xs: Fraction[] = [];
  const ys: Fraction[] = [];
  const checks: [Fraction, Fraction][] = [];
  for (const x of points()) {
    const y = g(x);
    if (y === null) continue;
    if (xs.length <= n) {
      xs.push(x);
      ys.push(y);
    } else checks.push([x, y]);
    if (checks.length === 2) break;
  }
  if (checks.length < 2) return null;
  const powers = Array.from({ length: n + 1 }, (_, k) => k);
  const matrix = xs.map((x) => powers.map((k) => exact.pow(x, k) as Fraction));
  const solved = exact.lusolve(matrix, ys) as unknown as Fraction[][];
  const coefficients = solved.map((row) => row[0]!);
  for (const [x, y] of checks) {
    const at = coefficients.reduce(
      (sum, c, k) => exact.add(sum, exact.multiply(c, exact.pow(x, k))) as Fraction,
      frac(0),
    );
    if (!exact.equal(at, y)) return null;
  }
  return coefficients;
}

/** The degree of a coefficient list (0 for a constant). */
export function degreeOfCoefficients(c: Fraction[]): number {
  const exact = fractionMath();
  let degree = c.length - 1;
  while (degree > 0 && exact.equal(c[degree]!, 0)) degree--;
  return degree;
}

/** "2x^2 - x + 0.5" text of c0…cn; with `fractions`, "(5/6)x + 1/2". */
export function polynomialText(c: Fraction[], unknown: string, fractions = false): string {
  const exact = fractionMath();
  const terms: string[] = [];
  for (let k = degreeOfCoefficients(c); k >= 0; k--) {
    const coefficient = c[k]!;
    if (exact.equal(coefficient, 0)) continue;
    const negative = coefficient.s < 0;
    const magnitude = exact.abs(coefficient) as Fraction;
    const ratio = `${magnitude.n}/${magnitude.d}`;
    const size =
      !fractions || magnitude.d === 1n ? formatFraction(magnitude) : k ? `(${ratio})` : ratio;
    const power = k === 0 ? '' : k === 1 ? unknown : `${unknown}^${k}`;
    const body = k > 0 && size === '1' ? power : `${size}${power}`;
    terms.push(terms.length ? `${negative ? '-' : '+'} ${body}` : `${negative ? '-' : ''}${body}`);
  }
  return terms.join(' ') || '0';
}

function hasSymbol(node: MathNode): boolean {
  return node.filter((n) => n.type === 'SymbolNode').length > 0;
}

export interface Cleared {
  /** c0…cn of the expression times its denominators; null when that is not a polynomial. */
  coefficients: Fraction[] | null;
  /** The product of the denominators that hold the unknown (1 when none). */
  denominator: (x: Fraction) => Fraction;
  hasDenominator: boolean;
}

/** The expression (checked algebra text) times every denominator that holds the unknown. */
export function clearDenominators(text: string, unknown: string): Cleared {
  const exact = fractionMath();
  const plain = plainMath();
  const node = plain.parse(text);
  const denominators = node
    .filter((n) => n.type === 'OperatorNode' && (n as unknown as { fn: string }).fn === 'divide')
    .map((n) => (n as unknown as { args: MathNode[] }).args[1]!)
    .filter(hasSymbol)
    // The same denominator twice ("x/(x-2) = 2/(x-2)") is cleared once.
    .filter((d, i, all) => all.findIndex((e) => e.toString() === d.toString()) === i);
  const parts = denominators.map((d) => evaluator(d.toString()));
  const f = evaluator(text);
  const denominator = (x: Fraction) =>
    parts.reduce((p, d) => exact.multiply(p, d({ [unknown]: x })) as Fraction, frac(1));
  const g = (x: Fraction): Fraction | null => {
    try {
      const dx = denominator(x);
      if (exact.equal(dx, 0)) return null;
      return exact.multiply(f({ [unknown]: x }), dx) as Fraction;
    } catch {
      return null;
    }
  };
  const bound = degreeOf(node) + denominators.reduce((sum, d) => sum + degreeOf(d), 0);
  return {
    coefficients: interpolate(g, bound),
    denominator,
    hasDenominator: parts.length > 0,
  };
}
