/**
 * An EMgen app in its own process: unit conversions as a palette command, a
 * tool and an expert (Metric Mike). See client/README.md.
 *
 *   npm run users -- app-token units innovation-lab
 *   npm run example:app -- --url http://localhost:8080 --world innovation-lab --token <token>
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CogApp } from '../client/cogApp';

type Dimension = 'length' | 'mass' | 'volume' | 'speed' | 'temperature';
interface Unit {
  symbol: string;
  dimension: Dimension;
  /** Linear units: how many base units (m, kg, L, m/s) one of this is. */
  factor?: number;
}

const UNITS: [string[], Unit][] = [
  [['m', 'meter', 'metre'], { symbol: 'm', dimension: 'length', factor: 1 }],
  [['km', 'kilometer', 'kilometre'], { symbol: 'km', dimension: 'length', factor: 1000 }],
  [['cm', 'centimeter', 'centimetre'], { symbol: 'cm', dimension: 'length', factor: 0.01 }],
  [['mm', 'millimeter', 'millimetre'], { symbol: 'mm', dimension: 'length', factor: 0.001 }],
  [['mi', 'mile'], { symbol: 'mi', dimension: 'length', factor: 1609.344 }],
  [['yd', 'yard'], { symbol: 'yd', dimension: 'length', factor: 0.9144 }],
  [['ft', 'foot', 'feet'], { symbol: 'ft', dimension: 'length', factor: 0.3048 }],
  [['in', 'inch', 'inches'], { symbol: 'in', dimension: 'length', factor: 0.0254 }],
  [['nmi', 'nautical mile'], { symbol: 'nmi', dimension: 'length', factor: 1852 }],
  [['kg', 'kilogram', 'kilo'], { symbol: 'kg', dimension: 'mass', factor: 1 }],
  [['g', 'gram'], { symbol: 'g', dimension: 'mass', factor: 0.001 }],
  [['mg', 'milligram'], { symbol: 'mg', dimension: 'mass', factor: 1e-6 }],
  [['t', 'tonne', 'metric ton'], { symbol: 't', dimension: 'mass', factor: 1000 }],
  [['lb', 'lbs', 'pound'], { symbol: 'lb', dimension: 'mass', factor: 0.45359237 }],
  [['oz', 'ounce'], { symbol: 'oz', dimension: 'mass', factor: 0.028349523125 }],
  [['st', 'stone'], { symbol: 'st', dimension: 'mass', factor: 6.35029318 }],
  [['l', 'liter', 'litre'], { symbol: 'L', dimension: 'volume', factor: 1 }],
  [['ml', 'milliliter', 'millilitre'], { symbol: 'mL', dimension: 'volume', factor: 0.001 }],
  [['gal', 'gallon'], { symbol: 'gal', dimension: 'volume', factor: 3.785411784 }],
  [['qt', 'quart'], { symbol: 'qt', dimension: 'volume', factor: 0.946352946 }],
  [['pt', 'pint'], { symbol: 'pt', dimension: 'volume', factor: 0.473176473 }],
  [['cup'], { symbol: 'cup', dimension: 'volume', factor: 0.2365882365 }],
  [
    ['fl oz', 'floz', 'fluid ounce'],
    { symbol: 'fl oz', dimension: 'volume', factor: 0.0295735295625 },
  ],
  [['m/s', 'meters per second'], { symbol: 'm/s', dimension: 'speed', factor: 1 }],
  [
    ['km/h', 'kph', 'kmh', 'kilometers per hour'],
    { symbol: 'km/h', dimension: 'speed', factor: 1 / 3.6 },
  ],
  [['mph', 'miles per hour'], { symbol: 'mph', dimension: 'speed', factor: 0.44704 }],
  [['kn', 'knot', 'kt'], { symbol: 'kn', dimension: 'speed', factor: 1852 / 3600 }],
  [
    ['c', '°c', 'celsius', 'degrees celsius', 'degree celsius'],
    { symbol: '°C', dimension: 'temperature' },
  ],
  [
    ['f', '°f', 'fahrenheit', 'degrees fahrenheit', 'degree fahrenheit'],
    { symbol: '°F', dimension: 'temperature' },
  ],
  [['k', 'kelvin'], { symbol: 'K', dimension: 'temperature' }],
];

const BY_NAME = new Map<string, Unit>();
for (const [names, unit] of UNITS) for (const n of names) BY_NAME.set(n, unit);

/** A unit by any of its names, singular or plural, any case. */
export function findUnit(name: string): Unit | undefined {
  const n = name.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
  return BY_NAME.get(n) ?? (n.endsWith('s') ? BY_NAME.get(n.slice(0, -1)) : undefined);
}

function toKelvin(v: number, symbol: string): number {
  if (symbol === '°C') return v + 273.15;
  if (symbol === '°F') return ((v - 32) * 5) / 9 + 273.15;
  return v;
}

function fromKelvin(k: number, symbol: string): number {
  if (symbol === '°C') return k - 273.15;
  if (symbol === '°F') return ((k - 273.15) * 9) / 5 + 32;
  return k;
}

export interface Conversion {
  value: number;
  from: string;
  result: number;
  to: string;
  text: string;
}

const show = (v: number) => String(Number(v.toPrecision(6)));

/** value `from` in `to`; throws a readable error for unknown or mismatched units. */
export function convert(value: number, from: string, to: string): Conversion {
  const a = findUnit(from);
  const b = findUnit(to);
  if (!a) throw new Error(`I do not know the unit "${from}"`);
  if (!b) throw new Error(`I do not know the unit "${to}"`);
  if (a.dimension !== b.dimension)
    throw new Error(
      `${a.symbol} (${a.dimension}) cannot be converted to ${b.symbol} (${b.dimension})`,
    );
  const result =
    a.dimension === 'temperature'
      ? fromKelvin(toKelvin(value, a.symbol), b.symbol)
      : (value * a.factor!) / b.factor!;
  return {
    value,
    from: a.symbol,
    result,
    to: b.symbol,
    text: `${show(value)} ${a.symbol} = ${show(result)} ${b.symbol}`,
  };
}

const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?)`;
const UNIT = String.raw`([a-z°/][a-z°/ .]*?)`;
const FORWARD = new RegExp(
  `${NUMBER}\\s*${UNIT}\\s+(?:to|in|into|as)\\s+${UNIT}(?=[?.!,;]|\\s*$|\\s+and\\b)`,
  'gi',
);
const HOW_MANY = new RegExp(
  `how many\\s+${UNIT}\\s+(?:are|is)?\\s*(?:in|there in)?\\s*(?:a|an|one|${NUMBER})\\s+${UNIT}(?=[?.!,;]|\\s*$)`,
  'gi',
);

/** Every conversion asked for in a sentence ("convert 10 km to miles", "how many feet in a mile?"). */
export function conversionsIn(text: string): Conversion[] {
  const out: Conversion[] = [];
  for (const m of text.matchAll(FORWARD)) {
    out.push(convert(Number(m[1]!.replace(',', '.')), m[2]!, m[3]!));
  }
  if (!out.length) {
    for (const m of text.matchAll(HOW_MANY)) {
      out.push(convert(m[2] ? Number(m[2].replace(',', '.')) : 1, m[3]!, m[1]!));
    }
  }
  return out;
}

/** Metric Mike's answer to a question. */
export function answerQuestion(question: string): string {
  let found: Conversion[];
  try {
    found = conversionsIn(question);
  } catch (err) {
    return `Hmm. ${(err as Error).message}. Try something like "convert 10 km to miles".`;
  }
  if (!found.length) {
    return [
      'I convert units. Ask me things like "convert 10 km to miles",',
      '"72 °F in celsius" or "how many feet in a mile?".',
      `I know ${[...new Set(UNITS.map(([, u]) => u.symbol))].join(', ')}.`,
    ].join(' ');
  }
  return found.map((c) => `**${c.text}**`).join('\n\n');
}

export interface UnitsAppOptions {
  url: string;
  worldId: string;
  token: string;
  appName?: string;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/** The app with its cogs declared; call connect() on it. */
export function createUnitsApp(opts: UnitsAppOptions): CogApp {
  const app = new CogApp({
    url: opts.url,
    worldId: opts.worldId,
    appName: opts.appName ?? 'units',
    token: opts.token,
    log: opts.log,
  });
  const defaultText = 'Convert 10 km to miles';
  app.cog({
    module: 'commands',
    name: 'convert_km_to_miles',
    annotations: {
      command: {
        // Listed as units/convert_km_to_miles: a remote app's ids are namespaced by its name.
        id: 'convert_km_to_miles',
        name: 'Convert 10 km to miles',
        description: 'Unit conversion by the units app (args.text converts something else)',
        tags: ['units', 'convert', 'km', 'miles'],
        namespace: 'workspace',
      },
    },
    handler: ({ kvargs }) => {
      const text = typeof kvargs.text === 'string' ? kvargs.text : defaultText;
      const [first] = conversionsIn(text);
      if (!first) throw new Error(`No conversion found in "${text}"`);
      return { message: first.text, effect: { kind: 'flash', text: first.text }, result: first };
    },
  });
  app.cog({
    module: 'tools',
    name: 'units',
    annotations: {
      toolprovider: {
        name: 'units',
        description: 'Unit conversions from the units example app.',
        service_url: 'https://www.bipm.org/en/measurement-units',
      },
    },
    handler: () => ({ tools: ['units_convert'] }),
  });
  app.cog({
    module: 'tools',
    name: 'units_convert',
    annotations: {
      callable: { description: 'Convert value from one unit to another' },
      tool: {
        provider: 'units',
        name: 'units_convert',
        description:
          'Convert a quantity from one unit to another (length, mass, volume, speed, temperature).',
        parameters: {
          type: 'object',
          properties: {
            value: { type: 'number' },
            from: { type: 'string', description: 'e.g. km, lb, °F' },
            to: { type: 'string', description: 'e.g. mi, kg, °C' },
          },
          required: ['value', 'from', 'to'],
        },
      },
    },
    handler: ({ kvargs }) => {
      const c = convert(Number(kvargs.value), String(kvargs.from ?? ''), String(kvargs.to ?? ''));
      return { output: c.text, ...c };
    },
  });
  app.cog({
    module: 'experts',
    name: 'metric_mike',
    annotations: {
      expert: {
        expert_id: 'metric-mike',
        name: 'Metric Mike',
        keywords: ['units', 'conversion', 'metric', 'imperial', 'temperature'],
        home_link: 'https://www.bipm.org/en/measurement-units',
        description: 'Converts between metric and imperial units, exactly and without fuss.',
        // Ticked for a workspace created with Mike.
        tool_providers: ['units'],
      },
    },
    handler: ({ kvargs }) => ({ answer: answerQuestion(String(kvargs.question ?? '')) }),
  });
  return app;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      world: { type: 'string', default: 'innovation-lab' },
      token: { type: 'string', default: process.env.EMGEN_APP_TOKEN },
      name: { type: 'string', default: 'units' },
    },
  });
  if (!values.token) {
    console.error(`--token is required (or EMGEN_APP_TOKEN). Create one with:
  npm run users -- app-token ${values.name} ${values.world}`);
    process.exitCode = 2;
    return;
  }
  const app = createUnitsApp({
    url: values.url,
    worldId: values.world,
    token: values.token,
    appName: values.name,
    log: (level, message) => console[level === 'info' ? 'log' : level](message),
  });
  app.on('registered', () =>
    app.emit({ name: 'ready', message: 'units app ready: try "Convert 10 km to miles"' }),
  );
  process.once('SIGINT', () => void app.close().then(() => process.exit(0)));
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  console.log(`Connecting to ${values.url} (world ${values.world}) as app ${values.name}…`);
  await app.connect();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
