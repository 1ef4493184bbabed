import { createRequire } from 'node:module';
import type * as MathJsModule from 'mathjs';
import type { Tool } from '../types';

type MathJs = typeof MathJsModule;
type Instance = ReturnType<MathJs['create']>;

/**
 * mathjs, loaded the first time a calculation needs it rather than when the
 * server starts: its code alone is about 90 MB of RSS (DESIGN §8, server idle
 * RSS ≤ 250 MB), and a server nobody asks sums of should not hold it. Every
 * module that calculates gets mathjs and its instances from here, so there is
 * one copy of the library and one instance per configuration that nobody
 * alters (calc.ts's sandbox and units.ts's extra units keep their own).
 *
 * Loading takes about a second of CPU, most of it blocking. Callers that can
 * wait (an engine's answer, a tool's run, a page) `await loadMathjs()` first:
 * a dynamic import reads and parses the files in turns, so sockets are served
 * in between and only the evaluation blocks. The readers that decide whether
 * a word is a unit are synchronous and stay so: if one runs before the
 * import, `mathjs()` requires the library on the spot (the same code, all
 * blocking), and the import then keeps that copy.
 */
let loaded: MathJs | undefined;
let loading: Promise<MathJs> | undefined;

export function loadMathjs(): Promise<MathJs> {
  if (loaded) return Promise.resolve(loaded);
  return (loading ??= import('mathjs').then((m) => (loaded ??= m)));
}

/** mathjs now: as loadMathjs left it, or required here by a caller that did not wait. */
export function mathjs(): MathJs {
  return (loaded ??= createRequire(import.meta.url)('mathjs') as MathJs);
}

/** What `make` builds from mathjs, built on the first call and kept. */
export function onFirstUse<T>(make: (math: MathJs) => T): () => T {
  let made: T | undefined;
  return () => (made ??= make(mathjs()));
}

/** Plain numbers: parsing and simplifying algebra, polynomial roots. */
export const plainMath = onFirstUse((m): Instance => m.create(m.all!));
/** Exact decimals (BigNumber, 64 significant digits) for sums only numbers reach. */
export const decimalMath = onFirstUse((m): Instance =>
  m.create(m.all!, { number: 'BigNumber', precision: 64 }),
);
/** Exact fractions, for polynomials and linear systems. */
export const fractionMath = onFirstUse((m): Instance => m.create(m.all!, { number: 'Fraction' }));

/** The tool, its run waiting for mathjs first (see loadMathjs). */
export function loadingMathjs(tool: Tool): Tool {
  return {
    ...tool,
    run: async (args, ctx) => {
      await loadMathjs();
      return tool.run(args, ctx);
    },
  };
}
