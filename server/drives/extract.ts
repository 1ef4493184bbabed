import { isTextType } from './sniff';

/**
 * Plain text out of a stored file, for the full-text and semantic indexes:
 * text, markdown, code and JSON as they are (JSON as its keys and values),
 * HTML without its tags, PDF through pdf.js. Anything else has no text.
 */

/** Indexed text is cut here; the rest of a huge file still downloads, it is just not searched. */
export const MAX_TEXT_CHARS = 2_000_000;
/** Pages of a PDF read for text. */
export const MAX_PDF_PAGES = 2000;

/** Extraction failed for a reason worth telling the user (kept on the file as its index error). */
export class ExtractError extends Error {}

export function canExtract(mime: string): boolean {
  return isTextType(mime) || mime === 'application/pdf';
}

/** The text of `bytes` stored as `mime`, or undefined when the type has none. */
export async function extractText(mime: string, bytes: Uint8Array): Promise<string | undefined> {
  if (mime === 'application/pdf') return clip(await pdfText(bytes));
  if (!isTextType(mime)) return undefined;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (mime === 'text/html') return clip(htmlToText(text));
  if (mime === 'application/json') return clip(jsonToText(text));
  return clip(text);
}

function clip(text: string): string {
  return text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

const BLOCK =
  /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|header|footer|pre|blockquote|title)\b[^>]*>/gi;

/** HTML to its readable text: no scripts, styles, comments or tags. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(BLOCK, '\n')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(text)
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}

/** JSON to its keys and values, one per line; text that does not parse stays as it is. */
export function jsonToText(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (out.length > 200_000) return;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      out.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        out.push(k);
        walk(item);
      }
    }
  };
  walk(value);
  return out.join('\n');
}

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

/** The text of every page of a PDF, pages separated by blank lines. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js refuses a Node Buffer and may transfer the bytes it is given: hand it its own copy.
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const task = pdfjs.getDocument({
    data,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException')
      throw new ExtractError('Could not read this PDF: it is password-protected');
    const message = err instanceof Error ? err.message : String(err);
    throw new ExtractError(`Could not read this PDF: ${message}`);
  }
  try {
    const pages: string[] = [];
    let chars = 0;
    const count = Math.min(doc.numPages, MAX_PDF_PAGES);
    for (let n = 1; n <= count && chars < MAX_TEXT_CHARS; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items as TextItem[]) {
        if (typeof item.str !== 'string') continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      page.cleanup();
      const clean = text.replace(/[ \t]+/g, ' ').trim();
      chars += clean.length;
      pages.push(clean);
    }
    return pages.join('\n\n');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new ExtractError(`Could not read this PDF: ${message}`);
  } finally {
    await doc.destroy();
  }
}
