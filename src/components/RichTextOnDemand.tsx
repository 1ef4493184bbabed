import Typography from '@mui/material/Typography';
import { Suspense, type ComponentProps } from 'react';
import type { Markdown } from './Markdown';
import { preloadable } from './preloadable';
import type { SafeHtml } from './SafeHtml';

/**
 * Markdown and sanitized HTML for a screen that may have none to show (an
 * empty workspace): the renderers (the markdown parser, DOMPurify) are a
 * chunk of their own, fetched once there is content (preloadRichText) or
 * when first rendered. Until it is in, markdown shows as plain text and HTML
 * not at all (never unsanitized).
 */
const load = () => import('./richText');
const markdown = preloadable(() => load().then((m) => m.Markdown));
const safeHtml = preloadable(() => load().then((m) => m.SafeHtml));

/** Starts fetching the renderers; the screen calls it as soon as it has content. */
export function preloadRichText(): Promise<unknown> {
  return Promise.all([markdown.preload(), safeHtml.preload()]);
}

export function MarkdownOnDemand(props: ComponentProps<typeof Markdown>) {
  const fallback = props.content?.trim() ? (
    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {props.content}
    </Typography>
  ) : null;
  return (
    <Suspense fallback={fallback}>
      <markdown.Component {...props} />
    </Suspense>
  );
}

export function SafeHtmlOnDemand(props: ComponentProps<typeof SafeHtml>) {
  return (
    <Suspense fallback={null}>
      <safeHtml.Component {...props} />
    </Suspense>
  );
}
