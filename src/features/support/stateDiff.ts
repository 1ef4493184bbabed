export interface StateChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * What an action changed: the paths whose values differ. Reducers share
 * unchanged parts, so identical references are skipped without a look inside.
 */
export function diffStates(before: unknown, after: unknown, limit = 200): StateChange[] {
  const out: StateChange[] = [];
  const walk = (a: unknown, b: unknown, path: string, depth: number) => {
    if (a === b || out.length >= limit) return;
    if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b) || depth > 8) {
      out.push({ path: path || '(root)', before: a, after: b });
      return;
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) walk(a[key], b[key], path ? `${path}.${key}` : key, depth + 1);
  };
  walk(before, after, '', 0);
  return out;
}
