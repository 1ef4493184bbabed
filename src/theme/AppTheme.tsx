import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { COLOR_SCHEME_ATTRIBUTE, MODE_STORAGE_KEY } from './colorScheme';
import { inputs } from './customizations/inputs';
import { surfaces } from './customizations/surfaces';

/**
 * One theme with a light and a dark colour scheme, assembled from small
 * customization files (STYLE 11). Colours are CSS variables switched by an
 * attribute on <html>, so changing scheme re-renders nothing and the
 * pre-paint script can choose the scheme before React loads.
 */
export const appTheme = createTheme({
  cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#4f46e5' },
        secondary: { main: '#0d9488' },
        // MUI's default info blue and warning orange take white text below 4.5:1 in filled
        // alerts (the flashes): these darker tones keep white text and read on the page too.
        info: { main: '#0369a1' },
        warning: { main: '#b45309' },
        background: { default: '#f6f7fb' },
      },
    },
    dark: {
      palette: {
        // Lighter tones than the light scheme's, so text in them reads on dark paper (WCAG AA).
        primary: { main: '#a5b4fc' },
        secondary: { main: '#5eead4' },
        // Text in these reads on dark paper (main); a filled alert (a flash) is the dark tone
        // with white text, and MUI's own dark tones give white only 3.9–4.1:1.
        error: { main: '#f87171', dark: '#b91c1c' },
        info: { main: '#29b6f6', dark: '#0369a1' },
        success: { main: '#66bb6a', dark: '#2e7d32' },
        background: { default: '#0f1117', paper: '#171a23' },
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: { ...inputs, ...surfaces },
});

export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={appTheme}
      defaultMode="system"
      modeStorageKey={MODE_STORAGE_KEY}
      // Read the stored mode while rendering the first time, not after: no flash of the other scheme.
      noSsr
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
