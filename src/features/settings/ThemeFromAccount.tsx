import { useColorScheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectUser } from '../auth/authSlice';

/**
 * Applies the signed-in person's theme (kept with their settings) when the
 * session names it, or names another. MUI remembers it in localStorage too,
 * so the next start of the page, signed in or not, opens in it without a flash.
 */
export function ThemeFromAccount() {
  const theme = useAppSelector(selectUser)?.theme;
  const { setMode } = useColorScheme();
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!theme || theme === applied.current) return;
    applied.current = theme;
    setMode(theme);
  }, [theme, setMode]);
  return null;
}
