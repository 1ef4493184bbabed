import { Tokenizer } from 'htmlparser2';

/** Elements whose content is never readable text. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template']);

/** Elements that start a new line in the text (the rest run inline). */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'title',
  'tr',
  'ul',
]);

/**
 * HTML to its readable text: no scripts, styles, comments or tags; block
 * elements become line breaks; entities decoded. htmlparser2's tokenizer
 * reads the input once and keeps no element stack (its Parser's stack costs
 * quadratic time on deep nesting), so no markup, however broken, costs more
 * than linear time.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let skipping = 0;
  const opened = (name: string) => {
    if (SKIPPED.has(name)) skipping++;
    else if (skipping === 0 && BLOCKS.has(name)) parts.push('\n');
  };
  const closed = (name: string) => {
    if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
    else if (skipping === 0 && BLOCKS.has(name)) parts.push('\n');
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        opened(html.slice(start, end).toLowerCase());
      },
      // HTML has no self-closing <script/>: it stays open, as in a browser.
      onselfclosingtag() {},
      onclosetag: (start, end) => closed(html.slice(start, end).toLowerCase()),
      ontext(start, end) {
        if (skipping === 0) parts.push(html.slice(start, end));
      },
      ontextentity(codePoint) {
        if (skipping === 0) parts.push(String.fromCodePoint(codePoint));
      },
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      onattribname() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onopentagend() {},
      onprocessinginstruction() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return tidyLines(parts.join(''));
}

/** Runs of spaces become one, lines are trimmed and blank lines dropped. */
function tidyLines(text: string): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const clean = line.replace(/[ \t\f\v\r\u00a0]+/g, ' ').trim();
    if (clean) lines.push(clean);
  }
  return lines.join('\n');
}
