import type { CSSProperties } from 'react';

/**
 * The CSS a server node may set through `style`: looks only (colours, spacing,
 * text, rounded corners, width). Never position, z-index, display tricks or
 * anything that loads a URL, so a server screen cannot lay itself over the app
 * chrome or fetch from elsewhere.
 */
const ALLOWED = new Set<string>([
  'color',
  'backgroundColor',
  'margin',
  'marginTop',
  'marginRight',
  'marginBottom',
  'marginLeft',
  'padding',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'textAlign',
  'fontWeight',
  'fontStyle',
  'fontSize',
  'borderRadius',
  'width',
  'maxWidth',
]);

// url()/image-set() load resources; expression() is old-IE script; ; { } < \ and comments
// could smuggle another declaration past the property check.
const UNSAFE_VALUE = /url\s*\(|image-set|expression\s*\(|javascript:|@import|[;{}<>\\]|\/\*/i;
const MAX_VALUE_LENGTH = 100;

/** `background-color` and `backgroundColor` both name the same property. */
function camelCase(name: string): string {
  return name.trim().replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function safeValue(value: unknown): string | number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!text || text.length > MAX_VALUE_LENGTH || UNSAFE_VALUE.test(text)) return undefined;
  return text;
}

/** The whitelisted part of a node's `style`, or undefined when nothing is left. */
export function safeStyle(style: unknown): CSSProperties | undefined {
  if (!style || typeof style !== 'object' || Array.isArray(style)) return undefined;
  const out: Record<string, string | number> = {};
  for (const [rawName, rawValue] of Object.entries(style)) {
    const name = camelCase(rawName);
    if (!ALLOWED.has(name)) continue;
    const value = safeValue(rawValue);
    if (value !== undefined) out[name] = value;
  }
  return Object.keys(out).length ? (out as CSSProperties) : undefined;
}
