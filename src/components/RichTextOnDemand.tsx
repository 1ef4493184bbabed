import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState, type ComponentProps } from 'react';
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
const markdown = preloadable(() => load().then((m) => m.Markdown), PlainMarkdown);
const safeHtml = preloadable(() => load().then((m) => m.SafeHtml));

/** The renderers are in, or failed to come (the fallbacks below stand in for them then). */
let settled = false;

/** Starts fetching the renderers; the screen calls it as soon as it has content. */
export function preloadRichText(): Promise<unknown> {
  return Promise.all([markdown.preload(), safeHtml.preload()]).finally(() => {
    settled = true;
  });
}

/**
 * How long after a screen shown without the renderers they are fetched: long enough for that
 * screen to have reached the glass on a slow device (a frame's pixels can lag well behind the
 * main thread), short next to the time it takes anyone to ask a first question.
 */
const AFTER_FIRST_SCREEN_MS = 1000;

/**
 * Starts fetching the renderers a moment after the screen just committed, once the browser is
 * idle, for a screen shown without them that may soon need them: the download never competes
 * with that screen. Returns what cancels it.
 */
export function preloadRichTextAfterFirstScreen(): () => void {
  if (settled) return () => undefined;
  const start = () => void preloadRichText().catch(() => undefined);
  let cancel = () => clearTimeout(timer);
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback !== 'function') return start();
    const idle = requestIdleCallback(start, { timeout: AFTER_FIRST_SCREEN_MS });
    cancel = () => cancelIdleCallback(idle);
  }, AFTER_FIRST_SCREEN_MS);
  return () => cancel();
}

/**
 * Whether the renderers are in (or failed to come), fetching them once
 * `wanted`: a screen whose first sight is markdown waits for
 * them, rather than show its text plain and then again as markdown (a second
 * render, layout and measurement of every row, and the lines moving under
 * the reader's eyes).
 */
export function useRichTextSettled(wanted: boolean): boolean {
  const [done, setDone] = useState(settled);
  useEffect(() => {
    if (done || !wanted) return;
    let mounted = true;
    void preloadRichText()
      .catch(() => undefined)
      .then(() => mounted && setDone(true));
    return () => {
      mounted = false;
    };
  }, [done, wanted]);
  return done;
}

/** Markdown's text as it is, until the renderer is in. */
function PlainMarkdown(props: ComponentProps<typeof Markdown>) {
  return props.content?.trim() ? (
    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {props.content}
    </Typography>
  ) : null;
}

export function MarkdownOnDemand(props: ComponentProps<typeof Markdown>) {
  return (
    <Suspense fallback={<PlainMarkdown {...props} />}>
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
