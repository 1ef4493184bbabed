/**
 * Where the colour scheme lives before React does: index.html's inline
 * script reads the same key and sets the same attribute on <html> before the
 * first paint, so a page never flashes light before turning dark (MUI's
 * InitColorSchemeScript; the CSP allows that one script by its hash).
 */
export const COLOR_SCHEME_ATTRIBUTE = 'data-mui-color-scheme';
/** MUI's own localStorage key for the mode ('light', 'dark' or 'system'). */
export const MODE_STORAGE_KEY = 'mui-mode';
