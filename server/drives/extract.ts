import { htmlToText } from './htmlText';
import { isTextType } from './sniff';

export { htmlToText };

/**
 * Plain text out of a stored file, for the full-text and semantic indexes:
 * text, markdown, code and JSON as they are (JSON as its keys and values),
 * HTML without its tags, PDF through pdf.js. Anything else has no text.
 * The server runs this only in the extraction pool's worker threads
 * (extractPool.ts), under a time and a memory limit, never on its event loop.
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

/** Lines of keys and values a JSON file gives at most. */
const MAX_JSON_LINES = 200_000;

/**
 * JSON to its keys and values, one per line; text that does not parse stays
 * as it is. The walk keeps its own stack, so no nesting depth overflows the
 * call stack.
 */
export function jsonToText(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  const out: string[] = [];
  const todo: unknown[] = [value];
  while (todo.length > 0 && out.length <= MAX_JSON_LINES) {
    const v = todo.pop();
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      out.push(String(v));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) todo.push(v[i]);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      // Pushed in reverse so each key comes out just before its value.
      for (let i = entries.length - 1; i >= 0; i--) todo.push(entries[i]![1], entries[i]![0]);
    }
  }
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
