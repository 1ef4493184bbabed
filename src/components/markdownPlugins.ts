import { useEffect, useMemo, useState } from 'react';
import type { Options } from 'react-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { bracketsToDollars, hasMath } from './markdownMathDetect';

type Plugins = NonNullable<Options['remarkPlugins']>;
interface Extra {
  remark: Plugins;
  rehype: Plugins;
}

/**
 * Plugins in a chunk of their own, fetched the first time content needs
 * them; until then (or if the fetch fails, e.g. offline) the content
 * renders without them.
 */
function lazyPlugins(load: () => Promise<Extra>) {
  let loaded: Extra | null = null;
  let loading: Promise<void> | null = null;
  return {
    get: () => loaded,
    load: (): Promise<void> =>
      (loading ??= load().then(
        (extra) => {
          loaded = extra;
        },
        () => {
          loading = null; // not this time: tried again with the next content that needs it
        },
      )),
  };
}

/** A fenced code block with a language (``` ts): the only code rehype-highlight colours. */
const FENCE_WITH_LANGUAGE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*[^\s`~]/m;

/** Highlighting (markdownHighlight.ts): highlight.js is as big as the rest of the renderer. */
const highlighting = lazyPlugins(() =>
  import('./markdownHighlight').then((m) => ({ remark: [], rehype: [m.rehypeHighlight] })),
);

/** Math (markdownMath.ts, issue 20): KaTeX, its CSS and fonts. */
const math = lazyPlugins(() =>
  import('./markdownMath').then((m) => ({
    remark: [m.remarkMath, m.remarkDollarMath],
    rehype: [m.rehypeKatex],
  })),
);

/**
 * GFM (tables, strikethrough, autolinks, task lists, footnotes) for reading markdown, made
 * once: what remark-gfm registers, less its to-markdown extensions. react-markdown only
 * parses; remark-gfm's serialising half pulled mdast-util-to-markdown and markdown-table
 * into the renderer's chunk (about 20 KB of the workspace's first load, never run). And
 * react-markdown builds a processor per render, freezing it runs every attacher: made per
 * row, the extensions were a third of a row's markdown time in profiles of the transcript.
 * They are plain, stateless configuration, the same objects a frozen processor reuses for
 * every document it parses, handed to each processor as remark-gfm hands them.
 */
type ExtensionData = Record<'micromarkExtensions' | 'fromMarkdownExtensions', unknown[]>;
const gfmData: ExtensionData = {
  micromarkExtensions: [gfm()],
  fromMarkdownExtensions: [gfmFromMarkdown()],
};
function remarkGfmShared(this: { data(): Partial<ExtensionData> }) {
  const data = this.data();
  for (const key of Object.keys(gfmData) as (keyof ExtensionData)[]) {
    (data[key] ??= []).push(...gfmData[key]);
  }
}

const remarkBase: Plugins = [remarkGfmShared as Plugins[number]];

interface PluginProps {
  remarkPlugins: Plugins;
  rehypePlugins: Plugins;
}

/** The plugin lists for each mix of loaded chunks (four at most), made once: rows share them. */
const mixes = new Map<string, PluginProps>();
function pluginsFor(withMath: Extra | null, withHighlighting: Extra | null): PluginProps {
  const key = `${withMath !== null} ${withHighlighting !== null}`;
  let props = mixes.get(key);
  if (!props) {
    props = {
      remarkPlugins: [...remarkBase, ...(withMath?.remark ?? [])],
      // KaTeX before highlighting, so a ```math block is set as math, not coloured as code.
      rehypePlugins: [...(withMath?.rehype ?? []), ...(withHighlighting?.rehype ?? [])],
    };
    mixes.set(key, props);
  }
  return props;
}

/** The plugins of content with neither math nor code, as most messages are. */
export function basePlugins(): PluginProps {
  return pluginsFor(null, null);
}

/**
 * The plugins for this content, and the content as they read it: math once
 * KaTeX is in, if the content has math; highlighting once loaded, if it has
 * code. Content with neither never fetches either chunk.
 */
export function useMarkdownPlugins(content: string): PluginProps & { source: string } {
  const needsMath = hasMath(content);
  const needsHighlighting = FENCE_WITH_LANGUAGE.test(content);
  const [, setLoads] = useState(0);
  useEffect(() => {
    const wanted: (typeof math)[] = [];
    if (needsMath && !math.get()) wanted.push(math);
    if (needsHighlighting && !highlighting.get()) wanted.push(highlighting);
    if (!wanted.length) return;
    let mounted = true;
    // Asked for in a task of its own: starting a chunk's import (its preload and stylesheet
    // links put in the page) took up to tens of ms in profiles, and a streamed answer's
    // effects run in the same task as the render that adds the other experts' new rows.
    const timer = setTimeout(() => {
      for (const plugins of wanted)
        void plugins.load().then(() => mounted && setLoads((n) => n + 1));
    }, 0);
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, [needsMath, needsHighlighting]);
  const withMath = needsMath ? math.get() : null;
  const plugins = pluginsFor(withMath, needsHighlighting ? highlighting.get() : null);
  const source = useMemo(
    () => (withMath ? bracketsToDollars(content) : content),
    [content, withMath],
  );
  return { ...plugins, source };
}
