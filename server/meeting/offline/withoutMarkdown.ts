/**
 * What a message says without its markdown. The message box renders markdown, so people type
 * a number in bold, an expression in a code span, or paste a quoted line: the markers go, the
 * text between them stays. A `*` between operands (2 * 3, 2*3) is multiplication, not
 * emphasis, and stays; so does an underscore inside a word (snake_case). List numbers stay too:
 * a numbered list asks several things (compute/parts).
 */
export function withoutMarkdown(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        // A quote ("> …", nested too) is read as what it quotes.
        .replace(/^ {0,3}(?:> ?)+/, '')
        // A code span: `17 * 23`, ``17 * 23``. Its opening run is taken whole (the lookbehind):
        // tried from inside a long run of backticks, the match took time square in its length.
        .replace(/(?<!`)(`+)(?!`)([^`\n]+)\1(?!`)/g, '$2')
        // Bold: **x**, __x__, up to a sentence long: unbounded, a line of openers with no closer
        // took time square in its length (each scanned to the end of the line).
        .replace(/(\*\*|__)(?=\S)(.{1,200}?)(?<=\S)\1/g, '$2')
        // Italics: *x* and _x_, not touching a word on the outside (2*3*4, snake_case_name).
        .replace(
          /(^|[^\w*])\*(?=[^\s*])([^*\n]*?[^\s*])?\*(?![\w*])/g,
          (_m, before: string, inner = '') => (inner ? `${before}${inner}` : _m),
        )
        .replace(
          /(^|[^\w])_(?=[^\s_])([^_\n]*?[^\s_])?_(?!\w)/g,
          (_m, before: string, inner = '') => (inner ? `${before}${inner}` : _m),
        ),
    )
    .join('\n');
}
