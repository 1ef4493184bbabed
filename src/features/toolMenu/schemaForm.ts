import { tKey } from '../../i18n/i18n';

/**
 * An argument form from a tool's JSON Schema (issue 22): one field per
 * property, typed by the schema. Strings, numbers, integers, booleans and
 * enums get inputs of their own; anything else (objects, arrays, unions) is
 * typed as JSON in a text area. Pure: the form component only renders this.
 */

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface Field {
  name: string;
  kind: FieldKind;
  required: boolean;
  label: string;
  description?: string;
  /** An enum's choices, as the schema lists them. */
  options?: unknown[];
  /** The schema's default, as the field's text (booleans: 'true' / 'false'). */
  initial: string;
  /** A string field the schema says is long (no maxLength, or a large one): a text area. */
  multiline?: boolean;
}

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A property's type, ignoring a "null" in a type list (an optional value). */
function typeOf(prop: Schema): string | undefined {
  const t = prop.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const real = t.filter((x) => x !== 'null');
    return real.length === 1 && typeof real[0] === 'string' ? real[0] : undefined;
  }
  return undefined;
}

function kindOf(prop: Schema): FieldKind {
  if (Array.isArray(prop.enum) && prop.enum.length) return 'enum';
  const t = typeOf(prop);
  if (t === 'string' || t === 'number' || t === 'integer' || t === 'boolean') return t;
  return 'json';
}

function initialOf(prop: Schema, kind: FieldKind): string {
  const d = prop.default;
  if (d === undefined) return kind === 'boolean' ? 'false' : '';
  if (kind === 'json') return JSON.stringify(d, null, 2);
  if (kind === 'enum') return JSON.stringify(d);
  return String(d);
}

/** The fields of an object schema, required ones first (in the schema's order otherwise). */
export function fieldsOf(schema: unknown): Field[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
  );
  const fields = Object.entries(schema.properties).map(([name, raw]): Field => {
    const prop = isObject(raw) ? raw : {};
    const kind = kindOf(prop);
    const title = typeof prop.title === 'string' && prop.title ? prop.title : name;
    const maxLength = typeof prop.maxLength === 'number' ? prop.maxLength : undefined;
    return {
      name,
      kind,
      required: required.has(name),
      label: title,
      ...(typeof prop.description === 'string' && prop.description
        ? { description: prop.description }
        : {}),
      ...(kind === 'enum' ? { options: prop.enum as unknown[] } : {}),
      initial: initialOf(prop, kind),
      ...(kind === 'string' && (maxLength === undefined || maxLength > 200)
        ? { multiline: true }
        : {}),
    };
  });
  return [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)];
}

export type Values = Record<string, string>;

export function initialValues(fields: Field[]): Values {
  return Object.fromEntries(fields.map((f) => [f.name, f.initial]));
}

/**
 * The arguments the values make, or each field's error. An empty optional
 * field is left out; an empty required one is an error ('Required'), and so
 * is a number that is not one, an integer with a fraction, or JSON that
 * does not parse. The errors are English keys, translated where shown.
 */
export function argsOf(
  fields: Field[],
  values: Values,
): { args: Record<string, unknown> } | { errors: Record<string, string> } {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const text = values[f.name] ?? '';
    if (f.kind === 'boolean') {
      if (text === 'true' || f.required) args[f.name] = text === 'true';
      continue;
    }
    if (!text.trim()) {
      if (f.required) errors[f.name] = tKey('Required');
      continue;
    }
    switch (f.kind) {
      case 'string':
        args[f.name] = text;
        break;
      case 'number':
      case 'integer': {
        const n = Number(text.trim());
        if (!Number.isFinite(n)) errors[f.name] = tKey('Not a number');
        else if (f.kind === 'integer' && !Number.isInteger(n))
          errors[f.name] = tKey('A whole number');
        else args[f.name] = n;
        break;
      }
      case 'enum':
        // The select's values are the options as JSON, so a number stays a number.
        args[f.name] = JSON.parse(text) as unknown;
        break;
      case 'json':
        try {
          args[f.name] = JSON.parse(text) as unknown;
        } catch {
          errors[f.name] = tKey('Not valid JSON');
        }
        break;
    }
  }
  return Object.keys(errors).length ? { errors } : { args };
}

/** A tool's name as the UI shows it: without its provider's prefix (SPEC §2, Tool Providers tab). */
export const shortToolName = (name: string) => {
  const at = name.indexOf('_');
  return at > 0 ? name.slice(at + 1) : name;
};

/** The tools whose name, provider or description has every word of the query (the text after /). */
export function matchingTools<T extends { name: string; provider: string; description?: string }>(
  tools: T[],
  query: string,
): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return tools;
  return tools.filter((t) => {
    const hay = `${t.name} ${t.provider} ${t.description ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
