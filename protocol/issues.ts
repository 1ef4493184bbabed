/**
 * Readable reasons for schema failures. zod/mini (kept for bundle size) ships
 * no message texts, and a developer reading `cog/in/invalid` or a
 * `server.error` needs to know what was expected.
 */
export interface SchemaIssue {
  code?: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: unknown[];
  keys?: string[];
}

function what(issue: SchemaIssue): string {
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected ?? 'another type'}`;
    case 'too_big':
      return `too big (at most ${String(issue.maximum)}${unit})`;
    case 'too_small':
      return `too small (at least ${String(issue.minimum)}${unit})`;
    case 'invalid_value':
      return `expected one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `unexpected ${(issue.keys ?? []).join(', ')}`;
    case 'invalid_union':
      return 'matches none of the allowed shapes';
    default:
      return issue.message || 'invalid';
  }
}

export function describeIssue(issue: SchemaIssue | undefined, fallbackWhere = 'content'): string {
  if (!issue) return 'invalid content';
  const where = issue.path.length ? issue.path.map(String).join('.') : fallbackWhere;
  return `${where}: ${what(issue)}`;
}
