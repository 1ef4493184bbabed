/** The renderers RichTextOnDemand fetches as one chunk: markdown and sanitized HTML. */
export { Markdown, warmUpMarkdown } from './Markdown';
export { SafeHtml } from './SafeHtml';
