import type { Complex, Fraction } from 'mathjs';
import { ToolError } from '../types';
import { difference, unknownsOf } from './algebraText';
import { fractionMath, plainMath } from './mathjs';
import {
  clearDenominators,
  degreeOfCoefficients,
  evaluator,
  formatFraction,
  formatNumber,
  frac,
  polynomialText,
} from './polynomial';
import type { Scope } from './polynomial';

/**
 * Solves equations and simplifies expressions with the shared plain and
 * fraction mathjs instances (mathjs.ts), which nothing alters. User text is parsed, and its tree is checked to hold only numbers,
 * single-letter unknowns, + − × ÷ ^ (small whole powers) and parentheses
 * before anything is evaluated — never a function, assignment or string.
 *
 * One equation in one unknown is made polynomial (times its denominator, from
 * rationalize) and its coefficients found exactly by evaluating it at a few
 * points in fraction arithmetic; linear, quadratic and cubic equations are
 * solved from them. Two or three linear equations are solved with lusolve,
 * also in fractions, so "x/3 + 1/2 = 5/6" gives exactly 1.
 */

function asFraction(f: Fraction): string {
  return f.d === 1n ? '' : ` (= ${f.s < 0 ? '-' : ''}${f.n}/${f.d})`;
}

function formatComplex(re: number, im: number): string {
  const real = formatNumber(re);
  const size = formatNumber(Math.abs(im));
  const imag = size === '1' ? '' : size;
  return `${real === '0' ? '' : `${real} ${im < 0 ? '-' : '+'} `}${real === '0' && im < 0 ? '-' : ''}${imag}i`;
}

export interface Solution {
  answer: string;
  expression: string;
  working: string;
  solutions: Record<string, string>[];
}

function solveOne(text: string, shown: string, unknown: string): Solution {
  const exact = fractionMath();
  const plain = plainMath();
  const { coefficients: c, denominator: d, hasDenominator } = clearDenominators(text, unknown);
  if (!c) {
    throw new ToolError(
      `"${shown}" is not a polynomial equation in ${unknown} (up to a cubic) that I can solve`,
    );
  }
  const degree = degreeOfCoefficients(c);
  if (degree > 3) {
    throw new ToolError(`"${shown}" is of degree ${degree}; I solve equations up to cubics`);
  }
  while (c.length < 4) c.push(frac(0));
  // A root that makes a denominator zero is not a solution ("x/(x-2) = 2/(x-2)").
  const allowed = (x: Fraction | number) => {
    if (!hasDenominator) return true;
    if (typeof x !== 'number') return !exact.equal(d(x), 0);
    return Math.abs(Number(d(frac(x)).valueOf())) > 1e-9;
  };
  const solution = (value: string) => ({ [unknown]: value });
  if (degree === 0) {
    const always = exact.equal(c[0]!, 0);
    return {
      answer: always ? `Every ${unknown} is a solution` : 'No solution',
      expression: shown,
      working: always
        ? `Both sides are equal whatever ${unknown} is (an identity).`
        : `The ${unknown} terms cancel and leave a false statement, so no ${unknown} satisfies it.`,
      solutions: [],
    };
  }
  if (degree === 1) {
    const root = exact.divide(exact.unaryMinus(c[0]!), c[1]!) as Fraction;
    if (!allowed(root)) {
      return {
        answer: 'No solution',
        expression: shown,
        working: `The only candidate, ${unknown} = ${formatFraction(root)}, makes a denominator zero.`,
        solutions: [],
      };
    }
    return {
      answer: `${unknown} = ${formatFraction(root)}`,
      expression: shown,
      working: `A linear equation: ${polynomialText(c, unknown)} = 0, so ${unknown} = ${formatFraction(root)}${asFraction(root)}.`,
      solutions: [solution(formatFraction(root))],
    };
  }
  if (degree === 2) return quadratic(c, shown, unknown, allowed);
  const roots = plain.polynomialRoot(
    ...(c.slice(0, 4).map((k) => Number(k.valueOf())) as [number, number, number, number]),
  ) as (number | Complex)[];
  const real = roots
    .map((r) => (typeof r === 'number' ? r : Math.abs(r.im) < 1e-12 ? r.re : null))
    .filter((r): r is number => r !== null && allowed(r))
    .sort((a, b) => a - b);
  const values = [...new Set(real.map(formatNumber))];
  return {
    answer: values.length
      ? values.map((v) => `${unknown} = ${v}`).join(' or ')
      : 'No real solution',
    expression: shown,
    working: `A cubic: ${polynomialText(c, unknown)} = 0, solved with mathjs polynomialRoot.`,
    solutions: values.map(solution),
  };
}

function quadratic(
  c: Fraction[],
  shown: string,
  unknown: string,
  allowed: (x: Fraction | number) => boolean,
): Solution {
  const exact = fractionMath();
  const [c0, c1, c2] = c as [Fraction, Fraction, Fraction];
  const disc = exact.subtract(
    exact.multiply(c1, c1),
    exact.multiply(4, exact.multiply(c2, c0)),
  ) as Fraction;
  const form = `${polynomialText(c, unknown)} = 0`;
  const discText = `discriminant ${formatFraction(disc)}`;
  const twoA = exact.multiply(2, c2) as Fraction;
  const vertex = exact.divide(exact.unaryMinus(c1), twoA) as Fraction;
  if (disc.s < 0) {
    const im = Math.sqrt(-Number(disc.valueOf())) / Math.abs(Number(twoA.valueOf()));
    const re = Number(vertex.valueOf());
    return {
      answer: `No real solution: ${unknown} = ${formatComplex(re, im)} or ${unknown} = ${formatComplex(re, -im)}`,
      expression: shown,
      working: `A quadratic: ${form}; the ${discText} is negative, so its two roots are complex.`,
      solutions: [],
    };
  }
  if (exact.equal(disc, 0) && !allowed(vertex)) {
    return {
      answer: 'No solution',
      expression: shown,
      working: `The only candidate, ${unknown} = ${formatFraction(vertex)}, makes a denominator zero.`,
      solutions: [],
    };
  }
  if (exact.equal(disc, 0)) {
    return {
      answer: `${unknown} = ${formatFraction(vertex)}`,
      expression: shown,
      working: `A quadratic: ${form}; the discriminant is zero, so ${unknown} = ${formatFraction(vertex)}${asFraction(vertex)} is a double root.`,
      solutions: [{ [unknown]: formatFraction(vertex) }],
    };
  }
  const rootOfDisc = exactSqrt(disc);
  let roots: { text: string; exact: Fraction | null; value: number }[];
  if (rootOfDisc) {
    roots = [
      exact.subtract(exact.unaryMinus(c1), rootOfDisc),
      exact.add(exact.unaryMinus(c1), rootOfDisc),
    ].map((top) => {
      const r = exact.divide(top, twoA) as Fraction;
      return { text: formatFraction(r), exact: r, value: Number(r.valueOf()) };
    });
  } else {
    const s = Math.sqrt(Number(disc.valueOf()));
    const b = Number(c1.valueOf());
    const a2 = Number(twoA.valueOf());
    roots = [(-b - s) / a2, (-b + s) / a2].map((v) => ({
      text: formatNumber(v),
      exact: null,
      value: v,
    }));
  }
  const kept = roots.filter((r) => allowed(r.exact ?? r.value)).sort((a, b) => a.value - b.value);
  if (!kept.length) {
    return {
      answer: 'No solution',
      expression: shown,
      working: `A quadratic: ${form}; both its roots make a denominator zero.`,
      solutions: [],
    };
  }
  return {
    answer: kept.map((r) => `${unknown} = ${r.text}`).join(' or '),
    expression: shown,
    working: `A quadratic: ${form}; the ${discText} is positive, so there are two real roots${rootOfDisc ? '' : ' (irrational, to 10 significant digits)'}.`,
    solutions: kept.map((r) => ({ [unknown]: r.text })),
  };
}

function exactSqrt(f: Fraction): Fraction | null {
  const exact = fractionMath();
  const root = (n: bigint): bigint | null => {
    if (n < 0n) return null;
    const guess = BigInt(Math.round(Math.sqrt(Number(n))));
    for (const r of [guess - 1n, guess, guess + 1n]) if (r >= 0n && r * r === n) return r;
    return null;
  };
  const n = root(f.n);
  const d = root(f.d);
  return n !== null && d !== null ? (exact.fraction(`${n}/${d}`) as Fraction) : null;
}

function solveSystem(equations: { text: string; shown: string }[], unknowns: string[]): Solution {
  const exact = fractionMath();
  const zero = Object.fromEntries(unknowns.map((u) => [u, frac(0)]));
  const probes: Scope[] = [
    Object.fromEntries(unknowns.map((u, i) => [u, frac([2, 3, 5][i]!)])),
    Object.fromEntries(unknowns.map((u, i) => [u, frac([-7, 11, -13][i]!)])),
  ];
  const rows: Fraction[][] = [];
  const rhs: Fraction[] = [];
  for (const eq of equations) {
    const f = evaluator(eq.text);
    let row: Fraction[];
    let constant: Fraction;
    try {
      constant = f(zero);
      row = unknowns.map((u) => exact.subtract(f({ ...zero, [u]: frac(1) }), constant) as Fraction);
      for (const p of probes) {
        const linear = unknowns.reduce(
          (sum, u, i) => exact.add(sum, exact.multiply(row[i]!, p[u]!)) as Fraction,
          constant,
        );
        if (!exact.equal(linear, f(p))) throw new Error('not linear');
      }
    } catch {
      throw new ToolError(
        `"${eq.shown}" is not a linear equation; I solve systems of linear equations`,
      );
    }
    rows.push(row);
    rhs.push(exact.unaryMinus(constant) as Fraction);
  }
  let solved: Fraction[][] | null = null;
  try {
    if (!exact.equal(exact.det(rows) as unknown as Fraction, 0)) {
      solved = exact.lusolve(rows, rhs) as unknown as Fraction[][];
    }
  } catch {
    solved = null;
  }
  if (!solved) {
    return {
      answer: 'No unique solution',
      expression: equations.map((e) => e.shown).join(', '),
      working:
        'The equations are dependent or contradict each other, so there is no single solution.',
      solutions: [],
    };
  }
  const values = solved.map((r) => r[0]!);
  const answer = unknowns.map((u, i) => `${u} = ${formatFraction(values[i]!)}`).join(', ');
  const fractions = unknowns
    .map((u, i) => (values[i]!.d === 1n ? '' : `${u}${asFraction(values[i]!)}`))
    .filter(Boolean);
  return {
    answer,
    expression: equations.map((e) => e.shown).join(', '),
    working:
      `${equations.length} linear equations in ${unknowns.join(', ')}, solved exactly by LU decomposition` +
      (fractions.length ? `: ${fractions.join(', ')}` : '') +
      '.',
    solutions: [Object.fromEntries(unknowns.map((u, i) => [u, formatFraction(values[i]!)]))],
  };
}

/** Solves one equation in one unknown or 2–3 linear equations in as many unknowns. */
export function solveEquations(input: unknown): Solution {
  const plain = plainMath();
  const list = (Array.isArray(input) ? input : [input]).filter(
    (e): e is string => typeof e === 'string' && e.trim() !== '',
  );
  if (!list.length) throw new ToolError('An equation is required, for example "3x + 5 = 2x - 7"');
  if (list.length > 3) throw new ToolError('At most 3 equations are supported');
  const equations = list.map(difference);
  const unknowns = [
    ...new Set(equations.flatMap((e) => [...unknownsOf(plain.parse(e.text))])),
  ].sort();
  if (!unknowns.length) throw new ToolError('There is no unknown to solve for');
  if (equations.length === 1 && unknowns.length === 1) {
    return solveOne(equations[0]!.text, equations[0]!.shown, unknowns[0]!);
  }
  if (equations.length !== unknowns.length) {
    throw new ToolError(
      `${equations.length} equation${equations.length > 1 ? 's' : ''} in ${unknowns.length} unknowns (${unknowns.join(', ')}): I need as many equations as unknowns`,
    );
  }
  return solveSystem(equations, unknowns);
}
