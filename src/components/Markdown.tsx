import Typography from '@mui/material/Typography';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { unstable_memoTheme as memoTheme } from '@mui/material/utils';
import {
  Component,
  memo,
  useDeferredValue,
  useMemo,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link, useInRouterContext } from 'react-router-dom';
import { safeNextPath } from '../../protocol/paths';
import { i18n } from '../i18n/i18n';
import { basePlugins, useMarkdownPlugins } from './markdownPlugins';

/*
 * Markdown from the server or the user: GFM (tables), highlighted code, math,
 * and never raw HTML — react-markdown without rehype-raw shows HTML as text,
 * and its default urlTransform drops javascript: and other unsafe URLs. The
 * plugins (markdownPlugins.ts) load with the first content that needs them.
 */

/**
 * A path on this site (an expert's "add it in Configure Workspace") opens in
 * the app, in this tab; any other link opens in a new one.
 */
function MarkdownLink({ href, children, ...props }: ComponentProps<'a'>) {
  const inApp = useInRouterContext();
  // A link whose URL urlTransform refused (javascript: and the like) is left as plain text.
  if (!href) return <span>{children}</span>;
  const path = href.startsWith('/') ? safeNextPath(href) : undefined;
  if (path && inApp) {
    return (
      <Link {...props} to={path}>
        {children}
      </Link>
    );
  }
  if (path) {
    return (
      <a {...props} href={path}>
        {children}
      </a>
    );
  }
  return (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

// Markdown sits under the page's own title (its one level-1 heading): '# x' reads as level 2.
const components: Components = {
  a: ({ node: _node, ...props }) => <MarkdownLink {...props} />,
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  h2: ({ node: _node, ...props }) => <h3 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  h4: ({ node: _node, ...props }) => <h5 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
};

const markdownSx: SxProps<Theme> = {
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& p': { my: 1 },
  '& table': { borderCollapse: 'collapse', my: 1, display: 'block', overflowX: 'auto' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
  '& th': { bgcolor: 'action.hover' },
  '& pre': {
    my: 1,
    p: 1.5,
    borderRadius: 1,
    overflowX: 'auto',
    bgcolor: 'action.hover',
    fontSize: '0.85rem',
  },
  '& pre code.hljs': { p: 0, bgcolor: 'transparent' },
  '& :not(pre) > code': { px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover', fontSize: '0.9em' },
  '& img': { maxWidth: '100%' },
  '& blockquote': { m: 0, pl: 2, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' },
};

/**
 * The box's own styles, made once per theme rather than run through the sx
 * processor on every render of every message (a transcript mounts dozens).
 * A caller's sx still applies after them.
 */
const MarkdownRoot = styled('div')(memoTheme(({ theme }) => theme.unstable_sx(markdownSx)));

class MarkdownBoundary extends Component<
  { source: string; children: ReactNode },
  { failedOn: string | null }
> {
  override state = { failedOn: null as string | null };

  static getDerivedStateFromError() {
    return { failedOn: '' };
  }

  override componentDidCatch(error: unknown) {
    this.setState({ failedOn: this.props.source });
    console.error('Error rendering markdown', error);
  }

  override render() {
    const { failedOn } = this.state;
    // A new source (e.g. the next update of a streamed answer) gets another try.
    if (failedOn !== null && (failedOn === '' || failedOn === this.props.source)) {
      return (
        <Typography color="error" variant="body2">
          {i18n.t('Error rendering markdown')}
        </Typography>
      );
    }
    return this.props.children;
  }
}

export const Markdown = memo(function Markdown({
  content,
  sx,
}: {
  content: string | null | undefined;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  // A streamed answer changes with every delta and is parsed whole each time: that parse
  // runs in the background, so the frames after it (another expert's first words, the rows
  // they add) are not held back; meanwhile the text parsed last stays on screen.
  const text = useDeferredValue(content);
  const { remarkPlugins, rehypePlugins, source } = useMarkdownPlugins(text ?? '');
  const rendered = useMemo(
    () => (
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
      >
        {source}
      </ReactMarkdown>
    ),
    [remarkPlugins, rehypePlugins, source],
  );
  if (!text || !text.trim()) {
    return (
      <Typography color="text.secondary" variant="body2">
        {t('No content to render')}
      </Typography>
    );
  }
  return (
    <MarkdownBoundary source={text}>
      <MarkdownRoot className="markdown" sx={sx}>
        {rendered}
      </MarkdownRoot>
    </MarkdownBoundary>
  );
});

/** Markdown as answers are written: what a first screen's rows ask of the parser. */
const WARM_UP_SAMPLE = [
  '## Result',
  '',
  '**310** is *12.5%* of 2,480, see [the working](https://example.org) and `x * 0.125`.',
  '',
  '- one',
  '- two',
  '',
  '1. first',
  '',
  '> quoted',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
].join('\n');

/**
 * Runs over the sample before a screen's first rows: the first pass compiles the
 * parser's code, which the engine does on first use; the next ones use up the parser's
 * functions' run budgets, so that their tier-up to faster code (a main-thread pause of up
 * to 40 ms in traces) also happens here and not while the rows render.
 */
const WARM_UP_PASSES = 4;

/**
 * Runs the markdown pipeline over a sample, output dropped (see WARM_UP_PASSES): otherwise
 * that work happens while a screen's first rows render. Each pass is a task of its own, so
 * that none is long enough to hold back input. Call it before the rows come (the workspace
 * route's loader does, once the chunk is in).
 */
export function warmUpMarkdown(wanted: () => boolean = () => true, passes = WARM_UP_PASSES): void {
  // Asked before each pass: the screen may turn out to have no rows to show.
  if (!wanted()) return;
  // react-markdown's component is a plain function (no hooks): parse, transform, make elements.
  ReactMarkdown({ ...basePlugins(), components, children: WARM_UP_SAMPLE });
  if (passes > 1) setTimeout(() => warmUpMarkdown(wanted, passes - 1), 0);
}
