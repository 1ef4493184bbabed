import type { BigNumber, Unit } from 'mathjs';
import { ToolError } from '../types';
import { onFirstUse } from './mathjs';
import { UNITS } from './unitTable';
import type { UnitEntry } from './unitTable';

/**
 * Units as people write them ("°F", "degrees fahrenheit", "sq ft", "mph",
 * "KB", "lbs") mapped to mathjs units, which do the conversion exactly
 * (temperatures as offset conversions). A private mathjs instance holds the
 * few units mathjs lacks (knots, nautical miles, tablespoons, calories); it
 * never sees user text except a unit name from this table.
 */

const units = onFirstUse((m) => {
  const math = m.create(m.all!, { number: 'BigNumber', precision: 64 });
  math.createUnit({
    knot: '1852 m/h',
    // The international acre (mathjs' acre is the US survey one: 43,560.04 ft²).
    intacre: '4046.8564224 m^2',
    nmi: '1852 m',
    impgal: '4.54609 l',
    tbsp: '14.78676478125 ml',
    tsp: '4.92892159375 ml',
    calorie: '4.184 J',
    kcal: '4184 J',
    // A calendar year and month as converters give them (365 days; a twelfth of it).
    calyear: '365 day',
    calmonth: '30.41666666666666666666666666666666666666666666666666666666666667 day',
  });
  return math;
});

const EXACT = new Map<string, UnitEntry>();
const NAMED = new Map<string, UnitEntry>();
const BY_UNIT = new Map<string, UnitEntry>();
for (const entry of UNITS) {
  for (const e of entry.exact ?? []) EXACT.set(e, entry);
  for (const n of entry.names) NAMED.set(n, entry);
  BY_UNIT.set(entry.unit, entry);
}

export interface KnownUnit {
  unit: string;
  label: string;
  note?: string;
}

/**
 * The unit a phrase names ("degrees Fahrenheit", "sq. ft.", "KB"), or null.
 * "degrees" alone is left unread (Celsius or Fahrenheit?).
 */
export function resolveUnit(phrase: string): KnownUnit | null {
  const raw = phrase.trim().replace(/\s+/g, ' ');
  if (!raw) return null;
  const exact = EXACT.get(raw) ?? EXACT.get(raw.replace(/\.$/, ''));
  if (exact) return exact;
  let key = raw
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^(?:degrees?|deg\.?)\s+(?=\S)/, '')
    .replace(/^(?:a|an|one|the)\s+/, '');
  key = key.replace(/^(?:per )/, '');
  const named = NAMED.get(key) ?? NAMED.get(key.replace(/\./g, '')) ?? BY_UNIT.get(raw);
  if (named) return named;
  // "C" or "F" after "degrees": "degrees C".
  const upper = /^(?:degrees?|deg\.?)\s+([CFK])$/i.exec(raw);
  if (upper) return EXACT.get(upper[1]!.toUpperCase())!;
  return perTime(raw);
}

const PER_TIME: Record<string, string> = {
  second: 's',
  sec: 's',
  minute: 'min',
  hour: 'h',
  hr: 'h',
};

/** "MB per second", "km a hour": a unit per a time unit the table knows as one ("MB/s", "km/h"). */
function perTime(raw: string): KnownUnit | null {
  const m = /^(.+?)\s+(?:per|a|an|every|each)\s+(second|sec|minute|hour|hr)s?$/i.exec(raw);
  if (!m) return null;
  const top = resolveUnit(m[1]!);
  return top ? (BY_UNIT.get(`${top.unit}/${PER_TIME[m[2]!.toLowerCase()]!}`) ?? null) : null;
}

/** A number to 7 significant digits (exact when shorter), with thousands separators. */
export function formatQuantity(value: BigNumber): string {
  if (value.isZero()) return '0';
  const rounded = units().bignumber(value.toSignificantDigits(7));
  const plain = rounded.abs().lt(1e15) && rounded.abs().gte(1e-6);
  if (!plain) return rounded.toExponential().replace(/\.?0+e/, 'e');
  const [whole, fraction] = rounded.toFixed().split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction.replace(/0+$/, '')}`.replace(/\.$/, '') : grouped;
}

export interface Conversion {
  value: string;
  from: string;
  to: string;
  /** Full precision, with the mathjs unit ("22.2222222222222 degC"). */
  result: string;
  /** The mathjs units converted between. */
  fromUnit: string;
  toUnit: string;
  /** The headline: "22.22222 °C". */
  answer: string;
  expression: string;
  working: string;
}

/** "1 mile", "2 miles": a worded plural label loses its "s" for exactly one. */
function labelFor(label: string, amount: BigNumber): string {
  return amount.abs().eq(1) && /^[A-Za-z ]+s$/.test(label) ? label.slice(0, -1) : label;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Converts `value` `from` → `to`; either may be a spelling from the table or a mathjs unit. */
export function convertQuantity(value: unknown, from: unknown, to: unknown): Conversion {
  const amount = typeof value === 'number' ? String(value) : String(value ?? '').replace(/,/g, '');
  if (!/^-?\d*\.?\d+(?:e[+-]?\d+)?$/i.test(amount.trim())) {
    throw new ToolError(`"${String(value)}" is not a number`);
  }
  if (typeof from !== 'string' || typeof to !== 'string' || !from.trim() || !to.trim()) {
    throw new ToolError('Both "from" and "to" units are required, for example km and miles');
  }
  const source = resolveUnit(from) ?? { unit: from.trim(), label: from.trim() };
  const target = resolveUnit(to) ?? { unit: to.trim(), label: to.trim() };
  const math = units();
  let converted: Unit;
  try {
    converted = math.unit(math.bignumber(amount.trim()), source.unit).to(target.unit);
  } catch (err) {
    throw new ToolError(
      `Cannot convert ${amount.trim()} ${from.trim()} to ${to.trim()}: ${describe(err)}`,
    );
  }
  const number = converted.toNumeric(target.unit) as BigNumber;
  const full = math.format(number, { precision: 15, lowerExp: -9, upperExp: 21 });
  const answer = `${formatQuantity(number)} ${labelFor(target.label, number)}`;
  const start = math.bignumber(amount.trim());
  const given = `${formatQuantity(start)} ${labelFor(source.label, start)}`;
  const notes = [source, target].map((u) => ('note' in u ? u.note : undefined)).filter(Boolean);
  const offset = /^deg[CF]$|^K$/.test(source.unit) && source.unit !== target.unit;
  const working =
    `${given} = ${full} ${labelFor(target.label, number)}` +
    (offset ? ' (a temperature: scale and offset both applied)' : '') +
    (notes.length ? `, taking ${[...new Set(notes)].join(' and ')}` : '') +
    '.';
  return {
    value: amount.trim(),
    from: from.trim(),
    to: to.trim(),
    result: `${full} ${target.unit}`,
    fromUnit: source.unit,
    toUnit: target.unit,
    answer,
    expression: `${amount.trim()} ${source.unit} to ${target.unit}`,
    working,
  };
}
