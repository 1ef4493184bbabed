import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { appTheme } from '../../theme/AppTheme';

/**
 * The default wrapper of an embedded component's own React root: the app's
 * theme, without CssBaseline (the page around it already has its baseline).
 */
export function EmbeddedTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={appTheme}>{children}</ThemeProvider>;
}
