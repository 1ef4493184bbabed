import Box from '@mui/material/Box';
import 'highlight.js/styles/github.css';
import '../../../theme/highlightDark.css';
import '../../../theme/highlightLight.css';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import { useMemo } from 'react';
import { sanitizeHtml } from '../../../components/SafeHtml';
import { TEXT_BLOCK_SX } from './TextPreview';

const LANGUAGES = {
  bash,
  c,
  cpp,
  csharp,
  css,
  go,
  java,
  javascript,
  php,
  python,
  ruby,
  rust,
  typescript,
  xml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** Beyond this the source is shown plain: highlighting megabytes would freeze the page. */
const HIGHLIGHT_LIMIT = 200_000;

/**
 * Source code shown as highlighted text, never run or rendered: an .html file
 * shows its markup. highlight.js escapes the source; the sanitizer is a second wall.
 */
export function CodePreview({ source, language }: { source: string; language?: string }) {
  const html = useMemo(() => {
    if (!language || source.length > HIGHLIGHT_LIMIT || !hljs.getLanguage(language)) return null;
    return sanitizeHtml(hljs.highlight(source, { language, ignoreIllegals: true }).value);
  }, [source, language]);
  return (
    <Box component="pre" sx={TEXT_BLOCK_SX} data-testid="code-preview">
      {html === null ? (
        <code>{source}</code>
      ) : (
        <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </Box>
  );
}
