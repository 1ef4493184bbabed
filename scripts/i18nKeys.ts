import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every text the pages translate, read from the source the way i18next
 * will look it up: the first argument of each `t(...)` call (the `t` of
 * useTranslation, or `t`/`i18n.t` from src/i18n), each `tKey('...')` mark
 * of a text kept in a table and translated where shown, and each
 * `<Trans i18nKey>`. `t(label)` with a variable is listed apart: its texts
 * are the ones marked with tKey where the table is written.
 */
export interface TranslationKey {
  key: string;
  /** The call passes a count: the key has plural forms (key_one, key_other). */
  plural: boolean;
  at: string;
}

export interface KeyScan {
  keys: TranslationKey[];
  /** Places where t() is given a variable (its keys are marked with tKey where written). */
  dynamic: string[];
}

function isTranslateCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't' || callee.text === 'tKey';
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 't' &&
    ts.isIdentifier(callee.expression) &&
    ['i18n', 'i18next'].includes(callee.expression.text)
  );
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

function passesCount(options: ts.Expression | undefined): boolean {
  return Boolean(
    options &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.some(
      (p) =>
        (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
        ts.isIdentifier(p.name) &&
        p.name.text === 'count',
    ),
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The keys of every source file under `root` (src/ by default). */
export function scanKeys(root = path.resolve('src')): KeyScan {
  const keys: TranslationKey[] = [];
  const dynamic: string[] = [];
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/\bt\(|tKey\(|i18nKey/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const where = (node: ts.Node) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      return `${path.relative(process.cwd(), file)}:${line + 1}`;
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isTranslateCall(node)) {
        const key = literalText(node.arguments[0]);
        if (key === undefined) dynamic.push(where(node));
        else keys.push({ key, plural: passesCount(node.arguments[1]), at: where(node) });
      }
      if (ts.isJsxAttribute(node) && node.name.getText() === 'i18nKey') {
        const init = node.initializer;
        const key =
          init && ts.isStringLiteral(init)
            ? init.text
            : init && ts.isJsxExpression(init)
              ? literalText(init.expression)
              : undefined;
        if (key === undefined) dynamic.push(where(node));
        else keys.push({ key, plural: false, at: where(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { keys, dynamic };
}

/** One language's catalogue: every locales/<language>/*.json merged, as the page loads it. */
export function readCatalogue(language: string): Record<string, string> {
  const dir = path.resolve('src/i18n/locales', language);
  return Object.assign(
    {},
    ...fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>),
  );
}

/** Keys two files of one language translate differently (the later file would silently win). */
export function catalogueConflicts(language: string): string[] {
  const dir = path.resolve('src/i18n/locales', language);
  const seen = new Map<string, { file: string; text: string }>();
  const conflicts: string[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const catalogue = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<
      string,
      string
    >;
    for (const [key, text] of Object.entries(catalogue)) {
      const before = seen.get(key);
      if (before && before.text !== text) {
        conflicts.push(`${key}: ${before.file} "${before.text}", ${file} "${text}"`);
      }
      if (!before) seen.set(key, { file, text });
    }
  }
  return conflicts;
}
