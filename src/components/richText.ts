/** The renderers RichTextOnDemand fetches as one chunk: markdown and sanitized HTML. */
export { Markdown } from './Markdown';
export { SafeHtml } from './SafeHtml';
