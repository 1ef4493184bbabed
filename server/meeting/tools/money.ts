import type { BigNumber } from 'mathjs';
import { ToolError } from '../types';
import { decimalMath } from './mathjs';

/**
 * Exact decimal arithmetic and the way results are said, shared by the
 * percentage, ratio and finance tools. Only numbers reach this instance (never
 * user text), so it needs none of calc.ts's sandboxing.
 */

/** The shared exact-decimal instance (mathjs.ts), made on first use. */
export const big = decimalMath;
export type Big = BigNumber;

/** What these tools return (answerParts.ts renders it): the headline, what was evaluated, the working. */
export interface ComputedValue {
  answer: string;
  expression: string;
  working?: string;
}

export const one = (): Big => big().bignumber(1);
export const hundred = (): Big => big().bignumber(100);

/** A numeric argument ("12,500", 12500) as a BigNumber; ToolError naming it otherwise. */
export function amount(args: Record<string, unknown>, name: string): Big {
  const raw = args[name];
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  const clean = text.replace(/[,\s$€£¥%]/g, '');
  if (!/^-?\d*\.?\d+(?:e[+-]?\d+)?$/i.test(clean) || !Number.isFinite(Number(clean))) {
    throw new ToolError(
      raw === undefined ? `"${name}" is required` : `"${name}" is not a number: ${String(raw)}`,
    );
  }
  return big().bignumber(clean);
}

export function optionalAmount(args: Record<string, unknown>, name: string): Big | null {
  return args[name] === undefined || args[name] === null || args[name] === ''
    ? null
    : amount(args, name);
}

export function positive(value: Big, name: string): Big {
  if (value.lte(0)) throw new ToolError(`"${name}" must be greater than zero`);
  return value;
}

/** A list of numbers (a ratio's parts). */
export function amounts(args: Record<string, unknown>, name: string): Big[] {
  const raw = args[name];
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 20) {
    throw new ToolError(`"${name}" must be a list of 2 to 20 numbers`);
  }
  return raw.map((_, i) => amount(raw as unknown as Record<string, unknown>, String(i)));
}

const SYMBOLS: Record<string, string> = {
  $: '$',
  usd: '$',
  dollar: '$',
  dollars: '$',
  '€': '€',
  eur: '€',
  euro: '€',
  euros: '€',
  '£': '£',
  gbp: '£',
  pound: '£',
  pounds: '£',
  '¥': '¥',
  jpy: '¥',
  yen: '¥',
  '₹': '₹',
  inr: '₹',
  rupees: '₹',
};

/** The sign a currency is written with: "$" for "USD" or "dollars"; other ISO codes as typed. */
export function currencySign(currency: unknown): string | null {
  if (typeof currency !== 'string' || !currency.trim()) return null;
  const c = currency.trim();
  const sign = SYMBOLS[c.toLowerCase()];
  if (sign) return sign;
  if (/^[a-z]{3}$/i.test(c)) return c.toUpperCase();
  throw new ToolError(`"${c}" is not a currency (use a symbol such as $ or a code such as EUR)`);
}

function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Fixed decimals with thousands separators: 2731.5183 → "2,731.52". */
export function fixed(value: Big, decimals: number): string {
  // Beyond what anyone counts (an absurd rate over centuries), digits in full would be megabytes.
  if (value.abs().gte(1e21)) return value.toExponential(5).replace('e+', ' × 10^');
  const text = value.toFixed(decimals);
  const negative = text.startsWith('-') && !/^-0(?:\.0*)?$/.test(text);
  const [whole, fraction] = text.replace(/^-/, '').split('.');
  return `${negative ? '-' : ''}${grouped(whole!)}${fraction ? `.${fraction}` : ''}`;
}

/** At least four significant figures, at least two decimals unless whole, trailing zeros dropped. */
export function plain(value: Big): string {
  if (value.isZero()) return '0';
  if (value.abs().gte(1e21)) return fixed(value, 0);
  const magnitude = Math.floor(Math.log10(Math.abs(value.toNumber())));
  const decimals = Math.min(12, Math.max(2, 3 - magnitude));
  const text = fixed(value, decimals);
  // Trailing zeros are dropped only when the rounding lost nothing ("25", not "25.00"; "11.90" stays).
  const exact = big().bignumber(value.toFixed(decimals)).eq(value);
  return exact && text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Money to the cent with its sign: "$2,731.52", "€1,040.00", "-£20.00", "1,200.00 CHF". */
export function money(value: Big, sign: string | null): string {
  const text = fixed(value, 2);
  if (!sign) return text;
  const negative = text.startsWith('-');
  const digits = text.replace(/^-/, '');
  const said = sign.length === 3 ? `${digits} ${sign}` : `${sign}${digits}`;
  return negative ? `-${said}` : said;
}

export function percent(value: Big): string {
  return `${plain(value)}%`;
}

/** "%" given as 4.5 (not 0.045), as people say it. */
export function rate(args: Record<string, unknown>, name: string): Big {
  const r = amount(args, name);
  if (r.lte(-100)) throw new ToolError(`"${name}" must be above -100%`);
  if (r.gt(100000)) throw new ToolError(`"${name}" is too large (${r.toString()}%)`);
  return r.div(hundred());
}

export function choice<T extends string>(
  args: Record<string, unknown>,
  name: string,
  options: readonly T[],
  fallback?: T,
): T {
  const raw = args[name];
  if ((raw === undefined || raw === null) && fallback) return fallback;
  if (typeof raw === 'string' && (options as readonly string[]).includes(raw)) return raw as T;
  throw new ToolError(`"${name}" must be one of ${options.join(', ')}`);
}
