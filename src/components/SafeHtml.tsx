import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML from the server (messages, research boxes, traces) goes through this
 * before it reaches the DOM (DESIGN §6). DOMPurify already drops event-handler
 * attributes and javascript: URLs; these tags are refused on top of its defaults.
 */
const FORBID_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'form',
  'base',
  'meta',
  'link',
];

const CONFIG: Config = {
  FORBID_TAGS,
  // Inline styles could lay server HTML over the page (position: fixed); refuse them.
  FORBID_ATTR: ['style', 'srcdoc', 'formaction'],
  ADD_ATTR: ['target'],
  // Experts' messages may embed a server component as <emgen-component data="BASE64">
  // (src/components/embedded). Only that element and only its data attribute pass;
  // the element decodes and renders the data through the same checked renderer.
  CUSTOM_ELEMENT_HANDLING: {
    tagNameCheck: /^emgen-component$/,
    attributeNameCheck: /^data$/,
    allowCustomizedBuiltInElements: false,
  },
};

// An instance of our own, so the link hook does not leak into other users of DOMPurify.
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The sanitized markup of an untrusted HTML string: links open in a new tab. */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}

export function SafeHtml({
  html,
  component = 'div',
  sx,
}: {
  html: string;
  component?: 'div' | 'span';
  sx?: SxProps<Theme>;
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      component={component}
      className="safe-html"
      sx={[
        { overflowWrap: 'anywhere', '& img': { maxWidth: '100%' } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
