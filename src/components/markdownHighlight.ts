/**
 * Code highlighting for Markdown, in a chunk of its own: highlight.js is
 * as big as the rest of the markdown renderer, and most messages have no
 * code in them. Loaded the first time a message has a fenced block with a
 * language (the only code rehype-highlight colours).
 */
import 'highlight.js/styles/github.css';

export { default as rehypeHighlight } from 'rehype-highlight';
