/**
 * Math for Markdown (issue 20), in a chunk of its own: KaTeX, its CSS and
 * fonts weigh more than the markdown renderer, and most messages have no
 * math. Loaded the first time content has math in it (markdownMathDetect.ts).
 */
import 'katex/dist/katex.min.css';
import rehypeKatexPlugin, { type Options as KatexOptions } from 'rehype-katex';
import remarkMathPlugin from 'remark-math';
import { t } from '../i18n/i18n';

/**
 * KaTeX output is HTML made from the message's text, so it stays within
 * what text may do: no \href, \url, \htmlClass and the like (trust: false),
 * no macros kept between messages (none passed: each render starts afresh),
 * sizes capped (a \rule of a million em would cover the page) and macro
 * expansion capped (\def\a{\a\a}\a ends in an error, not a stalled tab).
 * An expression KaTeX cannot read shows as its source in the error colour.
 */
// The theme's error colour as a CSS variable, so it reads in the dark scheme too (#d32f2f is light's).
const ERROR_COLOR = 'var(--mui-palette-error-main, #d32f2f)';

const katexOptions: KatexOptions = {
  trust: false,
  strict: 'ignore',
  maxSize: 20,
  maxExpand: 1000,
  errorColor: ERROR_COLOR,
  output: 'htmlAndMathml',
};

const rehypeKatexTransform = rehypeKatexPlugin(katexOptions);

/** rehype-katex with the options above, made once and shared by every message. */
export function rehypeKatex() {
  return rehypeKatexTransform;
}

/** remark-math: `$…$` and `$$…$$` as math nodes. */
export const remarkMath = remarkMathPlugin;

/** The little of mdast this needs (its types are not a dependency of ours). */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
  lang?: string | null;
  data?: object;
}

/**
 * remark-math pairs any two single dollars, so "It costs $5 and $10" would
 * set "5 and " as math. Pandoc's rule puts such prices back as text: a
 * single-dollar span is math only with no space just inside either dollar
 * and no digit just after the closing one. And `$$…$$` on one line, a
 * paragraph to itself (as models write it, and `\[…\]`), is display math,
 * as it would be on lines of its own.
 */
export function remarkDollarMath() {
  return (tree: MdNode, file: { value: unknown }) => {
    const source = String(file.value);
    const walk = (parent: MdNode) => {
      parent.children?.forEach((node, index, siblings) => {
        const only = node.type === 'paragraph' && node.children?.length === 1 && node.children[0];
        if (isMath(node) && DEFINES.test(node.value ?? '')) {
          node.data = unrendered(node.value ?? '', node.type !== 'inlineMath');
        } else if (only && only.type === 'inlineMath' && rawOf(only, source).startsWith('$$')) {
          siblings[index] = displayMath(only.value ?? '');
        } else if (node.type === 'inlineMath' && isPrice(node, source)) {
          siblings[index] = { type: 'text', value: rawOf(node, source) };
        } else {
          walk(node);
        }
      });
    };
    walk(tree);
  };
}

/**
 * Macro definitions multiply what maxExpand allows (\def\a{<1000 x>\a}\a
 * makes a million tokens before the cap stops it: a fifth of a second for one
 * short expression, and a message may hold hundreds). Chat math has no use
 * for them: an expression that defines a macro shows as its source in the
 * error colour, as KaTeX shows an expression it cannot read, and KaTeX never
 * sees it. Built-in macros are short, so without definitions the work stays
 * in proportion to the text.
 */
const DEFINES =
  /\\(?:[gex]?def|let|futurelet|global|(?:re)?newcommand|providecommand|(?:re)?newenvironment)(?![a-zA-Z])/;

/** `$…$`, `$$…$$`, and a fenced block with the language math (rehype-katex sets those too). */
function isMath(node: MdNode): boolean {
  return (
    node.type === 'inlineMath' ||
    node.type === 'math' ||
    (node.type === 'code' && node.lang === 'math')
  );
}

function unrendered(value: string, display: boolean): object {
  return {
    hName: display ? 'div' : 'span',
    hProperties: {
      className: ['katex-error'],
      style: `color:${ERROR_COLOR}`,
      title: t('Macro definitions are not rendered'),
    },
    hChildren: [{ type: 'text', value }],
  };
}

/** A math block as remark-math makes one for `$$` on lines of their own. */
function displayMath(value: string): MdNode {
  const code = {
    type: 'element',
    tagName: 'code',
    properties: { className: ['language-math', 'math-display'] },
    children: [{ type: 'text', value }],
  };
  return { type: 'math', value, data: { hName: 'pre', hChildren: [code] } };
}

function rawOf(node: MdNode, source: string): string {
  return source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
}

function isPrice(node: MdNode, source: string): boolean {
  const end = node.position?.end.offset;
  const raw = rawOf(node, source);
  if (end === undefined || !raw.startsWith('$') || raw.startsWith('$$')) return false;
  const inner = raw.slice(1, -1);
  return /^\s|\s$/.test(inner) || /^\d/.test(source.slice(end, end + 1));
}
