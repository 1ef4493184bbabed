/**
 * Code highlighting for Markdown, in a chunk of its own: highlight.js is
 * as big as the rest of the markdown renderer, and most messages have no
 * code in them. Loaded the first time a message has a fenced block with a
 * language (the only code rehype-highlight colours).
 */
import 'highlight.js/styles/github.css';
import '../theme/highlightDark.css';
import '../theme/highlightLight.css';
import highlight from 'rehype-highlight';

// rehype-highlight registers every language in a new lowlight each time it is attached, and
// react-markdown attaches its plugins for each message it renders (about 3 ms a message, most
// of a transcript's first render): the transform is made once and every message shares it.
const transform = highlight();

/** rehype-highlight with its defaults, its languages registered once. */
export function rehypeHighlight() {
  return transform;
}
