/**
 * Where the colour scheme lives before React does: public/color-scheme.js
 * reads the same key and sets the same attribute on <html> before the first
 * paint, so a page never flashes light before turning dark (MUI's
 * InitColorSchemeScript, as a file: the CSP allows no inline script).
 */
export const COLOR_SCHEME_ATTRIBUTE = 'data-mui-color-scheme';
/** MUI's own localStorage key for the mode ('light', 'dark' or 'system'). */
export const MODE_STORAGE_KEY = 'mui-mode';
