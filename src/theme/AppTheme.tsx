import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { inputs } from './customizations/inputs';
import { surfaces } from './customizations/surfaces';

/** One theme, assembled from small customization files (STYLE 11). */
export const appTheme = createTheme({
  palette: {
    primary: { main: '#4f46e5' },
    secondary: { main: '#0d9488' },
    background: { default: '#f6f7fb' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: { ...inputs, ...surfaces },
});

export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
