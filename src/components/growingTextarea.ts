import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { TextFieldProps } from '@mui/material/TextField';
import type { ElementType } from 'react';

/** Browsers that size a textarea to its text themselves (Chromium 123+, CSS field-sizing). */
const SIZES_ITSELF =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content');

export interface GrowingTextarea {
  /** The TextField's own props. */
  field: Pick<TextFieldProps, 'multiline' | 'maxRows' | 'sx'>;
  /** For its slotProps.input. */
  input: { inputComponent?: ElementType<InputBaseComponentProps> };
  /** For its slotProps.htmlInput. */
  htmlInput: { rows?: number };
}

/**
 * A multiline field that grows with its text up to `maxRows` lines, then
 * scrolls. Where the browser can, CSS sizes it (field-sizing) and the field
 * is a plain textarea: MUI's TextareaAutosize measures the page's layout after
 * every render of the field, and its first measure lays out the whole page in
 * the middle of making it (a third of the task that shows a workspace on a
 * slow phone). Elsewhere, TextareaAutosize as before.
 */
export function growingTextarea(maxRows: number): GrowingTextarea {
  if (!SIZES_ITSELF) return { field: { multiline: true, maxRows }, input: {}, htmlInput: {} };
  return {
    field: {
      multiline: true,
      // MUI's line height for inputs is 1.4375em.
      sx: { '& textarea': { fieldSizing: 'content', maxHeight: `${maxRows * 1.4375}em` } },
    },
    // Multiline with a component of its own: MUI keeps its multiline styles and renders it as is.
    input: { inputComponent: 'textarea' },
    htmlInput: { rows: 1 },
  };
}
